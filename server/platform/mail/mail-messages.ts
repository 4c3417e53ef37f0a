import type { Language } from '../../../shared/i18n/languages.ts';

/**
 * Every mail the app sends, as data. Modules describe WHAT to send; the mail platform decides how it looks
 * (localized templates) and how it travels (SMTP or the local outbox).
 */
export type MailMessage =
  | { kind: 'verify-email'; to: string; language: Language; name: string; url: string }
  | { kind: 'reset-password'; to: string; language: Language; name: string; url: string }
  | { kind: 'sign-in-link'; to: string; language: Language; name: string; url: string; minutes: number }
  | {
      kind: 'confirm-email-change';
      to: string;
      language: Language;
      name: string;
      url: string;
      newEmail: string;
    }
  | {
      /** Someone signed up with the address of a verified account: its owner is told, nothing changes. */
      kind: 'sign-up-attempt';
      to: string;
      language: Language;
      name: string;
      signInUrl: string;
      resetPasswordUrl: string;
    }
  | {
      kind: 'help-request';
      to: string;
      language: Language;
      requestId: string;
      fromEmail: string;
      phone: string | null;
      description: string;
      /** The language the requester wrote in (the support copy itself goes out in English). */
      requesterLanguage?: Language;
    }
  | {
      kind: 'card-opened';
      to: string;
      language: Language;
      name: string;
      /** Who opened it, as the card names them. */
      recipientName: string;
      /** My WINCS, where the sender sees what the recipient did. */
      url: string;
    }
  | {
      /** A card turned a new device away at its view limit (once per card, to a sender who asked for mail). */
      kind: 'view-limit-reached';
      to: string;
      language: Language;
      name: string;
      /** Who the card is for, as it names them. */
      recipientName: string;
      /** How many devices it opens on. */
      limit: number;
      /** The raise the sender may buy; null when no plan allows more. */
      offer: { limit: number; credits: number } | null;
      /** The card's details in My WINCS, where the raise is offered. */
      url: string;
    }
  | {
      /** A guest on an invitation's waitlist got a place (DESIGN §1.20). */
      kind: 'waitlist-moved-up';
      to: string;
      language: Language;
      name: string;
      /** The event's title. */
      title: string;
      /** The guest's own link. */
      url: string;
    }
  | {
      /** A guest who has not answered, some days before replies close (DESIGN §1.20). */
      kind: 'rsvp-reminder';
      to: string;
      language: Language;
      name: string;
      title: string;
      /** The event's date and time as the guest reads them. */
      when: string;
      /** When replies close, likewise. */
      deadline: string;
      url: string;
      unsubscribeUrl: string;
    }
  | {
      /** A guest who is coming, the day before. */
      kind: 'event-reminder';
      to: string;
      language: Language;
      name: string;
      title: string;
      when: string;
      place: string;
      url: string;
      unsubscribeUrl: string;
    }
  | {
      /** A guest coming or maybe coming, when the time or the place changed: with the updated event. */
      kind: 'event-changed';
      to: string;
      language: Language;
      name: string;
      title: string;
      when: string;
      place: string;
      url: string;
      unsubscribeUrl: string;
      /** The event as a calendar invitation (METHOD:REQUEST), which mail apps offer to update. */
      calendar: string;
    }
  | {
      /** The host's own words to some of an invitation's guests. */
      kind: 'host-message';
      to: string;
      language: Language;
      name: string;
      sender: string;
      title: string;
      text: string;
      url: string;
      unsubscribeUrl: string;
    }
  | {
      /** Everyone who answered, when the host deletes the invitation: the event called off. */
      kind: 'event-cancelled';
      to: string;
      language: Language;
      name: string;
      title: string;
      when: string;
      /** The event as a calendar cancellation (METHOD:CANCEL), which mail apps apply to the event they have. */
      calendar: string;
    }
  | {
      /** Someone replied to the user's card (DESIGN §1.21): one mail per reply, unless they turned it off. */
      kind: 'card-reply';
      to: string;
      language: Language;
      name: string;
      /** Who replied, as they signed it (the card's recipient by default). */
      replier: string;
      reply:
        | { kind: 'text'; text: string }
        | { kind: 'reaction'; reaction: string }
        | { kind: 'voice' }
        | { kind: 'video' };
      /** My WINCS, where the reply is played. */
      url: string;
      /** The one-click stop of reply mails. */
      unsubscribeUrl: string;
    }
  | {
      /** A card mailed to its recipient (or an invitation to a guest) by its sender (DESIGN §1.22). */
      kind: 'card-delivery';
      to: string;
      language: Language;
      /** Who sent it, as the card names them. */
      sender: string;
      /** Who it is for, as the card names them (a guest's name on an invitation). */
      recipientName: string;
      /** The card's link (a guest's own link). */
      url: string;
      unsubscribeUrl: string;
      /** The link's preview image (JPEG), shown inline; null when none could be drawn. */
      image: Buffer | null;
    }
  | {
      kind: 'help-receipt';
      to: string;
      language: Language;
      requestId: string;
      description: string;
      /** Where the requester's reply goes (support), since the sender address is a no-reply one. */
      replyTo?: string;
    };

export type MailKind = MailMessage['kind'];

/** A mail that must go once: how the caller learns the moment its body starts to travel. */
export interface TrackedSend {
  /** The Message-ID the mail carries (`<…@…>`), chosen by the caller and recorded before the body goes. */
  messageId: string;
  /**
   * Runs once the server took the envelope (it answered DATA), before the first byte of the body; when it
   * throws, the body is never sent and the server drops the transaction.
   */
  beforeBody(): Promise<void>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends a mail whose sending is recorded by the caller (`tracking`); answers the server's final reply. */
  deliver(message: MailMessage, tracking: TrackedSend): Promise<{ response: string }>;
  /** 'smtp' delivers for real; 'outbox' keeps mails in the database for the local mailbox. */
  readonly mode: 'smtp' | 'outbox';
}
