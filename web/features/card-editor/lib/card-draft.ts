import { z } from 'zod';
import type { Card, CardInput } from '../../../../shared/cards/cards.contract.ts';
import { cardInputSchema, textStylesSchema } from '../../../../shared/cards/cards.contract.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';
import {
  CARD_NAME_MAX_LENGTH,
  CARD_CHECKS,
  TEXT_STYLE_DEFAULTS,
  type CardCheck,
  type Voice,
  validateCardDraft,
} from '../../../../shared/cards/card-rules.ts';
import {
  invitationInputSchema,
  type Invitation,
} from '../../../../shared/invitations/invitation.contract.ts';
import { NO_MEDIA_EDITS, type MediaEdits } from './media-edits.ts';
import {
  CARD_KINDS,
  checkEvent,
  initialEventValues,
  serverEventIssues,
  toInvitationInput,
  type EventFormValues,
  type EventIssue,
} from './invitation-draft.ts';

/**
 * The create/edit card form: the fields of the card contract the form edits — each always holds a value
 * here — plus the media slots (files are uploaded after the card is saved), and whether the WINC is a card or
 * an invitation with its event (DESIGN §1.20). Parsing trims like the server does, then answers SPEC §5's
 * FIRST failing check only, on its field, with the check's code as the message: the form shows one alert at a
 * time, in SPEC's order. An invitation's event fields each show their own issue besides. The parsed form
 * carries the event as the request's `invitation`, or null for a card.
 */
export const cardFormSchema = cardInputSchema
  .pick({
    templateId: true,
    senderName: true,
    recipientName: true,
    message: true,
    selectedVoice: true,
    language: true,
    readMessageAloud: true,
    faceOpening: true,
  })
  .required()
  .extend({
    textStyles: textStylesSchema,
    media: z.custom<MediaEdits>(),
    kind: z.enum(CARD_KINDS),
    event: z.custom<EventFormValues>(),
    /** The invitation as saved: its start may stay in the past. */
    savedInvitation: z.custom<Invitation | null>(),
  })
  .superRefine((values, context) => {
    const failing = validateCardDraft(values);
    if (failing) context.addIssue({ code: 'custom', path: [failing.field], message: failing.code });
    if (values.kind !== 'invitation') return;
    for (const issue of checkEvent(values.event, values.savedInvitation, new Date()).issues) {
      // `questions.0.prompt` is a path into the form's values: an index of an array is a number there.
      const path = issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      context.addIssue({ code: 'custom', path: ['event', ...path], message: issue.code });
    }
  })
  .transform(({ kind, event, savedInvitation: _saved, ...card }) => ({
    ...card,
    invitation: kind === 'invitation' ? invitationInputSchema.parse(toInvitationInput(event)) : null,
  }));

/** What the form holds: raw field values (untrimmed until parsed). */
export type CardFormValues = z.input<typeof cardFormSchema>;
/** The form's values once they pass: trimmed, ready for the card request. */
export type CardFormOutput = z.output<typeof cardFormSchema>;

/** What a new card's form starts as: an invitation for an event-like template, its event's defaults. */
export interface NewEventDefaults {
  asInvitation: boolean;
  /** The template's name, the first title of an event. */
  title: string;
  /** The device's zone. */
  timeZone: string;
}

const GREETING_CARD: NewEventDefaults = { asInvitation: false, title: '', timeZone: '' };

/**
 * An empty form in the sender's UI language (create), a card or an invitation as the template suggests, signed
 * with the account's name when someone is signed in; or the saved card's values (edit).
 */
export function initialFormValues(
  card: Card | null,
  templateId: string | null,
  uiLanguage: Language,
  eventDefaults: NewEventDefaults = GREETING_CARD,
  accountName: string | null = null,
): CardFormValues {
  const savedInvitation = card?.invitation ?? null;
  const asInvitation = card ? savedInvitation !== null : eventDefaults.asInvitation;
  return {
    templateId,
    senderName: card?.senderName ?? accountName?.trim().slice(0, CARD_NAME_MAX_LENGTH) ?? '',
    recipientName: card?.recipientName ?? '',
    message: card?.message ?? '',
    selectedVoice: card?.selectedVoice ?? null,
    language: card?.language ?? uiLanguage,
    readMessageAloud: card?.readMessageAloud ?? false,
    faceOpening: card?.faceOpening ?? true,
    textStyles: card?.textStyles ?? { ...TEXT_STYLE_DEFAULTS },
    media: NO_MEDIA_EDITS,
    kind: asInvitation ? 'invitation' : 'card',
    event: initialEventValues(savedInvitation, eventDefaults),
    savedInvitation,
  };
}

/**
 * The locale key of a field's message: SPEC §5's check, or the contract's refusal of what was typed (text
 * that is not text says so).
 */
export function fieldErrorKey(message: string | undefined): string | null {
  if (message === undefined) return null;
  return CARD_CHECKS.some((check) => check.code === message) ? message : issueMessageKey(message);
}

/** SPEC §5: choosing the selected voice again clears it. */
export function toggleVoice(current: Voice | null, chosen: Voice): Voice | null {
  return current === chosen ? null : chosen;
}

/** The body of POST /api/cards or PATCH /api/cards/:id: the parsed form without its files. */
export function toCardRequest(values: CardFormOutput): CardInput {
  const { media: _media, ...input } = values;
  return input;
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

/** The event fields a 400 from the server refuses (a start that passed while the form was open). */
export function serverEventIssuesOf(error: unknown): EventIssue[] {
  if (!(error instanceof ApiRequestError) || error.code !== 'validation-failed') return [];
  return serverEventIssues(error.details);
}

/**
 * SPEC §8 "Card create/update failure mapping" as a locale key: permission denied, service unavailable, a
 * storage failure, another plan's language; any other failure says what the app's one map says for it.
 */
export function saveErrorKey(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'permission-denied' || error.code === 'unauthenticated')
      return 'editor.errors.permissionDenied';
    if (error.code === 'service-unavailable' || error.status === 503) return 'editor.errors.unavailable';
    if (/storage/i.test(error.message)) return 'editor.errors.storage';
    if (error.code === 'plan-required') return 'editor.language.planRequired';
  }
  return errorMessageKey(error);
}
