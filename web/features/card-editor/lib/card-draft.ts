import type { Card, CardInput } from '../../../../shared/cards/cards.contract.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  CARD_CHECKS,
  TEXT_STYLE_DEFAULTS,
  type CardCheck,
  type FontFamily,
  type Voice,
  validateCardDraft,
} from '../../../../shared/cards/card-rules.ts';

/** What the create/edit form holds: raw field values (untrimmed until saving). */
export interface CardFormValues {
  senderName: string;
  recipientName: string;
  message: string;
  selectedVoice: Voice | null;
  fontFamily: FontFamily;
  fontSize: number;
  color: string;
  /** The card's language: its AI message, its voice and its recipient page. */
  language: Language;
  readMessageAloud: boolean;
  /** The recipient may open the card with their face; it matters once the card has their photo. */
  faceOpening: boolean;
}

/** An empty form in the sender's UI language (create) or the saved card's values (edit). */
export function initialFormValues(card: Card | null, uiLanguage: Language): CardFormValues {
  return {
    senderName: card?.senderName ?? '',
    recipientName: card?.recipientName ?? '',
    message: card?.message ?? '',
    selectedVoice: card?.selectedVoice ?? null,
    language: card?.language ?? uiLanguage,
    readMessageAloud: card?.readMessageAloud ?? false,
    faceOpening: card?.faceOpening ?? true,
    fontFamily: card?.textStyles.fontFamily ?? TEXT_STYLE_DEFAULTS.fontFamily,
    fontSize: card?.textStyles.fontSize ?? TEXT_STYLE_DEFAULTS.fontSize,
    color: card?.textStyles.color ?? TEXT_STYLE_DEFAULTS.color,
  };
}

/** SPEC §5: choosing the selected voice again clears it. */
export function toggleVoice(current: Voice | null, chosen: Voice): Voice | null {
  return current === chosen ? null : chosen;
}

/** SPEC §5's first failing check for these values (names and message trimmed first), or null. */
export function firstFailingCheck(values: CardFormValues, templateId: string | null): CardCheck | null {
  return validateCardDraft({ ...values, templateId });
}

/** The body of POST /api/cards or PATCH /api/cards/:id: trimmed texts, the voice and the text styles. */
export function toCardRequest(values: CardFormValues, templateId: string | null): CardInput {
  return {
    templateId,
    senderName: values.senderName.trim(),
    recipientName: values.recipientName.trim(),
    message: values.message.trim(),
    selectedVoice: values.selectedVoice,
    textStyles: { fontFamily: values.fontFamily, fontSize: values.fontSize, color: values.color },
    language: values.language,
    readMessageAloud: values.readMessageAloud,
    faceOpening: values.faceOpening,
  };
}

/** `#333` → `#333333`: what `<input type="color">` needs. */
export function toLongHex(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return color.toLowerCase();
}

/** Which of the form's checks a 400 from the server names (the server answers SPEC's English alert). */
export function serverCheckOf(error: unknown): CardCheck | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'validation-failed') return null;
  return CARD_CHECKS.find((check) => check.message === error.message) ?? null;
}

/**
 * SPEC §8 "Card create/update failure mapping" as a locale key: permission denied, service unavailable,
 * a storage failure, a card that is not (or no longer) ours, a network failure; otherwise the generic message.
 */
export function saveErrorKey(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'permission-denied' || error.code === 'unauthenticated')
      return 'editor.errors.permissionDenied';
    if (error.code === 'service-unavailable' || error.status === 503) return 'editor.errors.unavailable';
    if (/storage/i.test(error.message)) return 'editor.errors.storage';
    if (error.code === 'card-not-found') return 'errors.card-not-found';
    if (error.code === 'rate-limited') return 'errors.rate-limited';
    if (error.code === 'plan-required') return 'editor.language.planRequired';
    if (error.isNetworkError) return 'errors.network';
  }
  return 'errors.generic';
}
