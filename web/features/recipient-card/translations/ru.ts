// The parts of the strings the recipient page shows (see ../recipient-translations.ts).
export {
  common,
  errors,
  faq,
  header,
  overview,
  recipient,
  routeError,
} from '../../../../shared/i18n/locales/ru.json?part';
