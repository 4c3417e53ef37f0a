// The parts of the strings the recipient page shows (see ../recipient-translations.ts).
export {
  common,
  errors,
  faq,
  header,
  overview,
  recipient,
} from '../../../../shared/i18n/locales/ru.json?part';
