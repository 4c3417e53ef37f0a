import type { ColumnType } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns). Stored
 * booleans, dates and JSON differ per dialect, so their types are the union; decode them with ColumnCodec.
 */
type Stored<T> = ColumnType<T, T, T>;
export type StoredBool = Stored<boolean | number>;
export type StoredDate = Stored<Date | string>;
export type StoredJson = ColumnType<unknown, string, string>;

export interface CategoriesTable {
  id: string;
  name: string;
  rank: number | null;
  isActive: StoredBool;
  tags: StoredJson;
  translations: StoredJson;
}

export interface StylesTable {
  id: string;
  name: string;
  translations: StoredJson;
  isActive: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

export interface EventsTable {
  id: string;
  name: string;
  tag: string;
  isActive: StoredBool;
  translations: StoredJson;
  /** A keyword the event's icon is chosen by instead of its name; null: the name. */
  iconKeyword: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TemplatesTable {
  id: string;
  name: string;
  description: string;
  tags: StoredJson;
  categoryId: string;
  styleId: string | null;
  previewImage: string | null;
  animatedImage: string | null;
  createdAt: StoredDate;
  /** Hidden templates are kept (cards use them) but never listed. */
  isActive: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** `{name: {ar, ru}, description: {ar, ru}}`. */
  translations: ColumnType<unknown, string | undefined, string>;
  /** `{[language]: {previewImage, animatedImage}}`: the covers lettered in one language. */
  languageCovers: ColumnType<unknown, string | undefined, string>;
}

/** One change an admin made to the catalog (who, what, when), never rewritten. */
export interface CatalogChangesTable {
  id: string;
  at: StoredDate;
  actorId: string;
  actorEmail: string;
  /** create, update, delete, hide, rank, import. */
  action: string;
  /** template, category, style, event, catalog. */
  subjectKind: string;
  subjectId: string | null;
  subjectName: string | null;
  details: StoredJson;
}

/** One row (id 1): goes up with every write to the catalog tables. */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

export interface RateLimitWindowsTable {
  key: string;
  windowStart: number;
  hits: number;
  expiresAt: StoredDate;
}

export interface MailOutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  language: string;
  createdAt: StoredDate;
}

export interface HelpRequestsTable {
  id: string;
  email: string;
  phone: string | null;
  description: string;
  language: string;
  userId: string | null;
  createdAt: StoredDate;
}

/** better-auth's user, with our fields (credits and tier change only through the credit ledger). */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: StoredBool;
  image: string | null;
  createdAt: StoredDate;
  updatedAt: StoredDate;
  credits: number;
  tier: string;
  language: string;
  isDisabled: StoredBool;
}

export interface SessionsTable {
  id: string;
  expiresAt: StoredDate;
  token: string;
  createdAt: StoredDate;
  updatedAt: StoredDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: StoredDate | null;
  refreshTokenExpiresAt: StoredDate | null;
  scope: string | null;
  password: string | null;
  createdAt: StoredDate;
  updatedAt: StoredDate;
}

export interface CreditLedgerTable {
  id: string;
  userId: string;
  delta: number;
  balanceAfter: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
  createdAt: StoredDate;
}

export interface CardsTable {
  id: string;
  authorId: string | null;
  userId: string | null;
  isGuestCard: StoredBool;
  guestSessionId: string | null;
  transferredAt: StoredDate | null;
  createdAt: StoredDate;
  lastModified: StoredDate;
  updatedAt: StoredDate;
  viewCount: ColumnType<number, number | undefined, number>;
  isPublic: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  isPaid: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  senderName: ColumnType<string, string | undefined, string>;
  name: ColumnType<string, string | undefined, string>;
  recipientName: ColumnType<string, string | undefined, string>;
  message: ColumnType<string, string | undefined, string>;
  title: ColumnType<string, string | undefined, string>;
  selectedVoice: string | null;
  mediaUrls: ColumnType<unknown, string | undefined, string>;
  recipientImagePath: string | null;
  recipientImageUrl: string | null;
  videoPath: string | null;
  videoUrl: string | null;
  audioPath: string | null;
  audioUrl: string | null;
  templateId: string | null;
  templateImageUrl: string | null;
  textStyles: ColumnType<unknown, string | undefined, string>;
  language: ColumnType<string, string | undefined, string>;
  readMessageAloud: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  greetingClipId: string | null;
  messageClipId: string | null;
  viewLimit: number | null;
  notifyOnOpen: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  openNotifiedAt: StoredDate | null;
  /** When a new device was first turned away at the card's view limit; cleared when the limit is raised. */
  viewLimitReachedAt: StoredDate | null;
  /** When the sender raised the card's view limit (once). */
  viewLimitRaisedAt: StoredDate | null;
  faceOpening: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** An invitation's event (JSON); null for a greeting card. */
  invitation: ColumnType<unknown, string | null | undefined, string | null>;
  guestLimit: number | null;
  /** The scheduled reveal: before this instant the link shows only the sealed cover; null opens it at once. */
  revealAt: StoredDate | null;
  /** The IANA zone the reveal was chosen in (canonical name); null without a reveal. */
  revealTimeZone: string | null;
}

/** A card its owner deleted: only its id and when, so its link can say it is gone. */
export interface RemovedCardsTable {
  id: string;
  removedAt: StoredDate;
}

/** A recipient device that opened a card (once), and what it played there. */
export interface CardViewsTable {
  cardId: string;
  deviceId: string;
  openedAt: StoredDate;
  greetingHeardAt: StoredDate | null;
  videoWatchedAt: StoredDate | null;
  voiceMessagePlayedAt: StoredDate | null;
  lastActivityAt: StoredDate;
}

/** A guest of an invitation, with their own link and their answer as it stands. */
export interface InvitationGuestsTable {
  id: string;
  cardId: string;
  token: string;
  name: string;
  email: string | null;
  maxPlusOnes: number | null;
  addedBy: string;
  deviceId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: StoredDate;
  openedAt: StoredDate | null;
  greetingClipId: string | null;
  state: ColumnType<string, string | undefined, string>;
  headcount: ColumnType<number, number | undefined, number>;
  plusOneNames: ColumnType<unknown, string | undefined, string>;
  answers: ColumnType<unknown, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  answeredAt: StoredDate | null;
  answeredBy: string | null;
  waitlistedAt: StoredDate | null;
  mailOptedOutAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  mailBounce: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the guest's mails, when they chose one. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One change of a guest's answer: who made it, when, from what to what. */
export interface InvitationAnswerChangesTable {
  guestId: string;
  number: number;
  cardId: string;
  at: StoredDate;
  by: string;
  fromState: string;
  toState: string;
  fromHeadcount: number;
  toHeadcount: number;
  answer: StoredJson;
}

/** How many times an invitation's guest list changed; the row each change locks first. */
export interface GuestListVersionsTable {
  cardId: string;
  version: number;
}

/** Scheduled work, claimed with a lease (server/platform/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  key: string;
  payload: StoredJson;
  runAt: StoredDate;
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  leaseUntil: StoredDate | null;
  lastError: string | null;
  createdAt: StoredDate;
  finishedAt: StoredDate | null;
}

/** A card mailed to one address (server/modules/delivery): its mail job sends it once. */
export interface DeliveriesTable {
  id: string;
  cardId: string;
  guestId: string | null;
  address: string;
  /** The address lower-cased: one delivery per card and address, and the suppression list's key. */
  addressKey: string;
  status: string;
  scheduledAt: StoredDate;
  messageId: string | null;
  smtpResponse: string | null;
  /** Sent as far as we know, but the server's answer was never recorded (a crash while it took the body). */
  unconfirmed: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  reason: string | null;
  /** Bounced because the retries ran out (a day of temporary refusals), not on a refusal for good. */
  gaveUp: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  sendingAt: StoredDate | null;
  sentAt: StoredDate | null;
  bouncedAt: StoredDate | null;
  unsubscribeToken: string;
  createdAt: StoredDate;
  updatedAt: StoredDate;
}

/** Addresses that unsubscribed from cards mailed by Winc: never mailed a card again. */
export interface DeliverySuppressionsTable {
  addressKey: string;
  createdAt: StoredDate;
}

/** Synthesized speech, named by what it says; `storageKey` is null until it has been synthesized. */
export interface VoiceClipsTable {
  id: string;
  engine: string;
  voice: string;
  language: string;
  text: string;
  storageKey: string | null;
  size: number | null;
  createdAt: StoredDate;
  synthesizedAt: StoredDate | null;
  /** When a 'Hear it' or a saved card last asked for the clip (every row has one). */
  lastUsedAt: StoredDate;
}

/** A resumable (tus) upload of a card's media; the bytes live in the tus datastore until it finishes. */
export interface MediaUploadsTable {
  id: string;
  cardId: string;
  kind: string;
  size: number;
  createdAt: StoredDate;
  completedAt: StoredDate | null;
}

/** The guest session an account was signed up from, until its cards moved to the account. */
export interface SignupGuestSessionsTable {
  userId: string;
  guestSessionId: string;
  createdAt: StoredDate;
}

/** A checkout opened by a user (Stripe or the built-in test mode); credits come only through the ledger. */
export interface PaymentOrdersTable {
  id: string;
  userId: string;
  planId: string;
  billingCycle: string;
  provider: string;
  providerSessionId: string | null;
  subscriptionId: string | null;
  status: string;
  createdAt: StoredDate;
  completedAt: StoredDate | null;
}

/** A payment provider's webhook event that was handled (its id is the provider's, e.g. evt_…). */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  processedAt: StoredDate;
}

/** A reply to a card (DESIGN §1.21), seen by the card's owner only. */
export interface CardRepliesTable {
  id: string;
  cardId: string;
  kind: string;
  reaction: string | null;
  text: string | null;
  name: string | null;
  /** A voice or video note's file in storage, and its media type. */
  mediaPath: string | null;
  mediaType: string | null;
  deviceId: string | null;
  guestId: string | null;
  createdAt: StoredDate;
  seenAt: StoredDate | null;
}

/** A keepsake PDF in storage: one per card version and paper size. */
export interface KeepsakeFilesTable {
  storageKey: string;
  cardId: string;
  paper: string;
  createdAt: StoredDate;
}

/** A resumable (tus) upload of a voice or video reply, until its reply lands. */
export interface ReplyUploadsTable {
  id: string;
  cardId: string;
  kind: string;
  size: number;
  name: string | null;
  deviceId: string;
  guestId: string | null;
  createdAt: StoredDate;
  /** The reply it became, once its last byte landed. */
  replyId: string | null;
}

/** A user's choice about reply mails (none stored: on), and the token of its one-click unsubscribe. */
export interface ReplyMailSettingsTable {
  userId: string;
  enabled: StoredBool;
  unsubscribeToken: string;
}

export interface DB {
  keepsakeFiles: KeepsakeFilesTable;
  cardReplies: CardRepliesTable;
  replyUploads: ReplyUploadsTable;
  replyMailSettings: ReplyMailSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  creditLedger: CreditLedgerTable;
  cards: CardsTable;
  removedCards: RemovedCardsTable;
  mediaUploads: MediaUploadsTable;
  voiceClips: VoiceClipsTable;
  cardViews: CardViewsTable;
  invitationGuests: InvitationGuestsTable;
  invitationAnswerChanges: InvitationAnswerChangesTable;
  guestListVersions: GuestListVersionsTable;
  jobs: JobsTable;
  deliveries: DeliveriesTable;
  deliverySuppressions: DeliverySuppressionsTable;
  signupGuestSessions: SignupGuestSessionsTable;
  paymentOrders: PaymentOrdersTable;
  paymentEvents: PaymentEventsTable;
  categories: CategoriesTable;
  styles: StylesTable;
  events: EventsTable;
  templates: TemplatesTable;
  catalogVersion: CatalogVersionTable;
  catalogChanges: CatalogChangesTable;
  rateLimitWindows: RateLimitWindowsTable;
  mailOutbox: MailOutboxTable;
  helpRequests: HelpRequestsTable;
}
