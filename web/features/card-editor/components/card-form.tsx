import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Sparkles } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import {
  get,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { useTranslation } from '../../../lib/translation.tsx';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { occasionForTemplate } from '../../../../shared/ai/ai-message.contract.ts';
import { Button } from '../../../components/button.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { FieldError, RequiredField } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { CardEditorTarget } from '../hooks/use-card-editor.ts';
import { useSaveCard } from '../hooks/use-save-card.ts';
import {
  cardFormSchema,
  fieldErrorKey,
  initialFormValues,
  saveErrorKey,
  serverCheckOf,
  serverEventIssuesOf,
  toCardRequest,
  toggleVoice,
  type CardFormOutput,
  type CardFormValues,
} from '../lib/card-draft.ts';
import { useMediaSave } from '../hooks/use-media-save.ts';
import { mediaChanges, NO_MEDIA_EDITS, savedMediaUrls, type MediaEdits } from '../lib/media-edits.ts';
import {
  eventFieldId,
  eventFieldOrder,
  type CardKind,
  type EventFieldPath,
} from '../lib/invitation-draft.ts';
import { deviceTimeZone } from '../../../lib/event-dates.ts';
import { startsAsInvitation } from '../../../../shared/invitations/invitation-rules.ts';
import { AiMessageDialog } from './ai-message-dialog.tsx';
import { CardKindSwitch } from './card-kind-switch.tsx';
import { EventFields } from './event-fields.tsx';
import { CardLanguageField } from './card-language-field.tsx';
import { GreetingPreview } from './greeting-preview.tsx';
import { addressFormOf } from '../../../../shared/cards/address-form.ts';
import { OptionCheckbox } from './option-checkbox.tsx';
import { FileTooLargeDialog } from './media/file-too-large-dialog.tsx';
import { RecipientImageField } from './media/recipient-image-field.tsx';
import { UploadProgressDialog } from './media/upload-progress-dialog.tsx';
import { VideoField } from './media/video-field.tsx';
import { VoiceMessageField } from './media/voice-message-field.tsx';
import { PreviewText, TextStyleFields } from './text-style-fields.tsx';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import { useVideoPreparation } from '../hooks/use-video-preparation.ts';
import {
  CARD_MESSAGE_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  VOICES,
  type CardCheck,
} from '../../../../shared/cards/card-rules.ts';

/** What differs between the places that edit a card with this form: its words and what saving leads to. */
export interface CardFormPurpose {
  title: string;
  submitLabel: string;
  submittingLabel: string;
  /** The card and its files are saved (with files, the progress dialog shows 'complete' meanwhile). */
  onSaved: (card: Card) => void;
}

export interface CardFormProps {
  target: CardEditorTarget;
  purpose: CardFormPurpose;
  onClose: () => void;
  /** The sender's plan includes cards in other languages than their UI's (DESIGN §1.18). */
  multilingual: boolean;
  /** The signed-in sender's account name, which signs a new card; null for a guest. */
  accountName: string | null;
  titleId: string;
  noteId: string;
}

type FieldName = CardCheck['field'];
type TextFieldName = 'senderName' | 'recipientName' | 'message';
/** The fields that show their own message, in the form's order (the template's shows in the footer). */
const FIELD_ORDER: FieldName[] = ['senderName', 'recipientName', 'message', 'selectedVoice'];
/**
 * The fields the form's own rendering follows. The typed texts are not among them: a keystroke in a name or
 * the message renders only what shows that text (`WithTypedText`), not the whole form with its media fields.
 */
const FORM_FIELDS = [
  'kind',
  'language',
  'media',
  'event',
  'faceOpening',
  'selectedVoice',
  'readMessageAloud',
  'textStyles',
] as const;
type FormFields = Pick<CardFormValues, (typeof FORM_FIELDS)[number]>;
type TypedText = Pick<CardFormValues, TextFieldName>;
const TYPED_FIELDS = ['senderName', 'recipientName', 'message'] as const;

/**
 * Renders `children` with the names and message as they are typed, again after each keystroke. Deferred: the
 * keystroke's own frame draws only the letter in its field; what follows it (the counter, the previews) comes
 * in the next, so typing keeps up on a slow phone.
 */
function WithTypedText({
  control,
  children,
}: {
  control: Control<CardFormValues, unknown, CardFormOutput>;
  children: (typed: TypedText) => ReactNode;
}) {
  const [senderName, recipientName, message] = useWatch({ control, name: TYPED_FIELDS });
  const typed = useDeferredValue(
    useMemo(() => ({ senderName, recipientName, message }), [senderName, recipientName, message]),
  );
  return useMemo(() => children(typed), [children, typed]);
}

/**
 * The card form of SPEC §2, one for creating and for every edit: a card or an invitation (DESIGN §1.20; a
 * template of an event-like category starts as one) with its event, the required names, message and AI
 * voice, the recipient image, a video and a voice message, the text styling with a live preview, SPEC §5's
 * checks one at a time; then the card is saved, its files compressed and uploaded under the progress dialog,
 * and the purpose says what comes next.
 */
export function CardForm({
  target,
  purpose,
  onClose,
  multilingual,
  accountName,
  titleId,
  noteId,
}: CardFormProps) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const save = useSaveCard();
  const mediaSave = useMediaSave();
  const { template, card } = target;
  const [uiLanguage] = useState(currentLanguage);
  const templateName = localized({ name: template.name, translations: template.nameTranslations });
  const form = useForm<CardFormValues, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: initialFormValues(
      card,
      template.id,
      uiLanguage,
      {
        asInvitation: startsAsInvitation(template.categoryName),
        title: templateName,
        timeZone: deviceTimeZone(),
      },
      accountName,
    ),
    // One alert at a time (SPEC §5): a field's message goes when it is edited, the next comes on submit.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, setValue, clearErrors, setError, handleSubmit, formState } = form;
  // Every field has a default value, so each watched one is whole.
  const watched = useWatch({ control: form.control, name: FORM_FIELDS });
  const values = Object.fromEntries(FORM_FIELDS.map((name, index) => [name, watched[index]])) as FormFields;
  const { errors, isSubmitting: working } = formState;
  // The cover follows the card's language, as the recipient will see it.
  const coverUrl = template.languageCoverUrls[values.language] ?? template.coverUrl;
  const [aiOpen, setAiOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState<File | null>(null);
  // Once saved, the card exists: saving again after a failed upload updates it instead of making another.
  const [savedCard, setSavedCard] = useState<Card | null>(card);
  const savedUrls = savedMediaUrls(savedCard);
  const media = values.media;
  // A picked video starts compressing at once; saving sends its output while it is produced.
  const video = useVideoPreparation(media.video.file);
  const shown = (kind: keyof MediaEdits) => (media[kind].keepSaved ? savedUrls[kind] : null);
  const ids = {
    senderName: useId(),
    recipientName: useId(),
    message: useId(),
    counter: useId(),
    voice: useId(),
    error: useId(),
    event: useId(),
  };
  // An event field's issue, a question's part's among them (`event.questions.0.prompt`).
  const eventIssueOf = (found: FieldErrors<CardFormValues>, field: EventFieldPath): string | undefined => {
    const issue: { message?: string } | undefined = get(found, `event.${field}`);
    return issue?.message;
  };
  const eventIssues: Partial<Record<EventFieldPath, string>> = {};
  for (const field of eventFieldOrder(values.event)) {
    const message = eventIssueOf(errors, field);
    if (message) eventIssues[field] = message;
  }
  const eventPath = (field: EventFieldPath) => `event.${field}` as Path<CardFormValues>;

  const change = <K extends keyof CardFormValues>(key: K, value: PathValue<CardFormValues, K>) => {
    setValue(key, value);
    clearErrors(key);
    setSaveError(null);
  };
  const choose = (kind: keyof MediaEdits, file: File | null) =>
    change('media', { ...media, [kind]: { ...media[kind], file } });
  const removeSaved = (kind: keyof MediaEdits) =>
    change('media', { ...media, [kind]: { ...media[kind], keepSaved: false } });

  // The field to correct takes the focus (the first voice button for the voice).
  const focusField = (field: FieldName) => {
    const focusIds: Partial<Record<FieldName, string>> = {
      senderName: ids.senderName,
      recipientName: ids.recipientName,
      message: ids.message,
      selectedVoice: `${ids.voice}-0`,
    };
    const focusId = focusIds[field];
    if (focusId) document.getElementById(focusId)?.focus();
  };
  const focusEventField = (field: EventFieldPath) =>
    document.getElementById(eventFieldId(ids.event, field))?.focus();
  const onInvalid = (invalid: FieldErrors<CardFormValues>) => {
    setSaveError(null);
    // The event comes first in the form.
    const eventField = eventFieldOrder(values.event).find((name) => eventIssueOf(invalid, name));
    if (eventField) return focusEventField(eventField);
    const field = FIELD_ORDER.find((name) => invalid[name]);
    if (field) focusField(field);
  };
  const chooseKind = (kind: CardKind) => {
    change('kind', kind);
    clearErrors('event');
    // An invitation is first titled after its template.
    if (kind === 'invitation' && values.event.title.trim() === '') setValue('event.title', templateName);
  };

  const onValid = async (parsed: CardFormOutput) => {
    setSaveError(null);
    let saved: Card;
    try {
      saved = await save.mutateAsync({ cardId: savedCard?.id ?? null, input: toCardRequest(parsed) });
    } catch (error) {
      const serverCheck = serverCheckOf(error);
      const eventRefusals = serverEventIssuesOf(error);
      if (serverCheck) {
        setError(serverCheck.field, { message: serverCheck.code });
        focusField(serverCheck.field);
      } else if (eventRefusals.length > 0) {
        for (const { field, code } of eventRefusals) setError(eventPath(field), { message: code });
        focusEventField(eventRefusals[0]!.field);
      } else setSaveError(t(saveErrorKey(error)));
      return;
    }
    setSavedCard(saved);
    const changes = mediaChanges(savedMediaUrls(saved), parsed.media);
    if (changes.uploads.length === 0 && changes.removals.length === 0) {
      purpose.onSaved(saved);
      return;
    }
    const withMedia = await mediaSave.run(saved.id, changes, video.preparationOf);
    if (!withMedia) return;
    setSavedCard(withMedia);
    setValue('media', NO_MEDIA_EDITS);
    // Every file is in: on at once, the progress dialog showing 'complete' until what comes next is there.
    purpose.onSaved(withMedia);
  };

  const errorFor = (field: FieldName) => {
    const key = fieldErrorKey(errors[field]?.message);
    return key ? t(key) : null;
  };
  const textField = (field: TextFieldName, describedBy?: string) => ({
    ...register(field, {
      onChange: () => {
        // Only when there is one: clearing re-renders the whole form, which a keystroke must not.
        if (form.getFieldState(field).error) clearErrors(field);
        setSaveError(null);
      },
    }),
    id: ids[field],
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? ids.error : null, describedBy].filter(Boolean).join(' ') || undefined,
    dir: 'auto' as const,
  });
  const generalError = errorFor('templateId') ?? saveError;

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="flex max-h-[calc(100dvh-2rem)] flex-col max-sm:h-dvh max-sm:max-h-dvh"
        data-testid="card-form"
      >
        <DialogHeader
          titleId={titleId}
          title={purpose.title}
          onClose={onClose}
          leading={
            coverUrl && (
              <img
                src={coverUrl}
                alt=""
                width={48}
                height={64}
                className="h-16 w-12 shrink-0 rounded-lg object-cover shadow-sm"
              />
            )
          }
          subtitle={
            <>
              {/* Isolated, not dir="auto": a Latin name in an Arabic header still lines up with the title. */}
              <p className="truncate text-sm font-semibold text-plum-700">
                <bdi>{localized({ name: template.name, translations: template.nameTranslations })}</bdi>
              </p>
              <p id={noteId} className="mt-1 text-xs text-muted">
                {t('editor.requiredNote')}
              </p>
            </>
          }
        />

        <div className="flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
          <CardKindSwitch value={values.kind} onChange={chooseKind} disabled={working} />
          {values.kind === 'invitation' && (
            <EventFields
              idBase={ids.event}
              values={values.event}
              issues={eventIssues}
              register={register}
              onEdited={(field) => {
                clearErrors(eventPath(field));
                setSaveError(null);
              }}
              onQuestionsChange={(questions) => {
                setValue('event.questions', questions);
                // A question added or removed moves the others: their issues are checked again on submit.
                clearErrors('event.questions');
                setSaveError(null);
              }}
              onShowGuestListChange={(shown) => setValue('event.showGuestList', shown)}
              language={uiLanguage}
            />
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <RequiredField
              label={t('editor.senderName')}
              htmlFor={ids.senderName}
              error={errorFor('senderName')}
              errorId={ids.error}
            >
              <input
                {...textField('senderName')}
                maxLength={CARD_NAME_MAX_LENGTH}
                autoComplete="name"
                className={cn(fieldInputClasses, errors.senderName ? 'border-coral-500' : 'border-plum-200')}
              />
            </RequiredField>
            <RequiredField
              label={t('editor.recipientName')}
              htmlFor={ids.recipientName}
              error={errorFor('recipientName')}
              errorId={ids.error}
            >
              <input
                {...textField('recipientName')}
                maxLength={CARD_NAME_MAX_LENGTH}
                autoComplete="off"
                className={cn(
                  fieldInputClasses,
                  errors.recipientName ? 'border-coral-500' : 'border-plum-200',
                )}
              />
            </RequiredField>
          </div>

          <CardLanguageField
            value={values.language}
            onChange={(language) => change('language', language)}
            uiLanguage={uiLanguage}
            savedLanguage={card?.language ?? null}
            multilingual={multilingual}
            disabled={working}
          />

          <RequiredField
            label={t('editor.message')}
            htmlFor={ids.message}
            error={errorFor('message')}
            errorId={ids.error}
            action={
              <Button variant="ghost" size="sm" onClick={() => setAiOpen(true)} data-testid="ai-generate">
                <Sparkles aria-hidden="true" className="size-4" />
                {t('editor.ai.open')}
              </Button>
            }
          >
            <textarea
              {...textField('message', ids.counter)}
              maxLength={CARD_MESSAGE_MAX_LENGTH}
              rows={4}
              className={cn(
                fieldInputClasses,
                // The field grows with its text (a written message shows whole), up to half the screen.
                'field-sizing-content h-auto max-h-[50dvh] min-h-28 resize-y py-3 leading-relaxed',
                errors.message ? 'border-coral-500' : 'border-plum-200',
              )}
            />
            <WithTypedText control={form.control}>
              {({ message }) => (
                <p id={ids.counter} className="text-end text-xs text-muted tabular-nums">
                  {t('editor.counter', { length: message.length, max: CARD_MESSAGE_MAX_LENGTH })}
                </p>
              )}
            </WithTypedText>
          </RequiredField>

          <div>
            <RecipientImageField
              file={media.image.file}
              existingUrl={shown('image')}
              onChange={(file) => {
                choose('image', file);
                // A newly added photo brings face opening back on (DESIGN §1.6); the sender may switch it off.
                if (file) change('faceOpening', true);
              }}
              onRemoveExisting={() => removeSaved('image')}
              disabled={working}
            />
            {(media.image.file ?? shown('image')) && (
              <OptionCheckbox
                checked={values.faceOpening}
                onChange={(checked) => change('faceOpening', checked)}
                label={t('editor.faceOpening.label')}
                hint={t('editor.faceOpening.hint')}
                testId="face-opening-switch"
              />
            )}
          </div>

          <fieldset aria-describedby={errors.selectedVoice ? ids.error : undefined}>
            <legend id={ids.voice} className="text-sm font-bold text-ink">
              {t('editor.voice')}
              <span aria-hidden="true" className="text-coral-600">
                {' *'}
              </span>
            </legend>
            <div className="mt-1.5 flex gap-3">
              {VOICES.map((voice, index) => {
                const pressed = values.selectedVoice === voice;
                return (
                  <button
                    key={voice}
                    id={`${ids.voice}-${index}`}
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => change('selectedVoice', toggleVoice(values.selectedVoice, voice))}
                    className={cn(
                      'h-11 flex-1 rounded-2xl border-2 px-4 text-sm font-bold transition-colors',
                      pressed
                        ? 'border-plum-600 bg-plum-600 text-white'
                        : 'border-plum-200 bg-white text-plum-800 hover:border-plum-400',
                      errors.selectedVoice && !pressed && 'border-coral-500',
                    )}
                  >
                    {t(`editor.voices.${voice}`)}
                  </button>
                );
              })}
            </div>
            {errors.selectedVoice && <FieldError id={ids.error}>{errorFor('selectedVoice')}</FieldError>}
            <WithTypedText control={form.control}>
              {({ recipientName, senderName, message }) => (
                <GreetingPreview
                  recipientName={recipientName}
                  senderName={senderName}
                  voice={values.selectedVoice}
                  language={values.language}
                  form={addressFormOf({ message, invitation: values.kind === 'invitation' })}
                />
              )}
            </WithTypedText>
            <OptionCheckbox
              checked={values.readMessageAloud}
              onChange={(checked) => change('readMessageAloud', checked)}
              label={t('editor.readAloud.label')}
              hint={t('editor.readAloud.hint')}
            />
          </fieldset>

          <VideoField
            file={media.video.file}
            existingUrl={shown('video')}
            onChange={(file) => choose('video', file)}
            onRemoveExisting={() => removeSaved('video')}
            onTooLarge={setTooLarge}
            compression={video.state}
            disabled={working}
          />

          <VoiceMessageField
            file={media.audio.file}
            existingUrl={shown('audio')}
            onChange={(file) => choose('audio', file)}
            onRemoveExisting={() => removeSaved('audio')}
            disabled={working}
          />

          <TextStyleFields
            values={values.textStyles}
            onChange={(key, value) => change('textStyles', { ...values.textStyles, [key]: value })}
            previewText={
              <WithTypedText control={form.control}>
                {({ message }) => <PreviewText text={message.trim()} />}
              </WithTypedText>
            }
          />
        </div>

        <footer className="border-t border-plum-100 px-5 py-4 sm:px-6">
          {generalError && (
            <p
              role="alert"
              className="mb-3 flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {generalError}
            </p>
          )}
          <div className="flex gap-3">
            <Button variant="secondary" size="lg" onClick={onClose} className="flex-1 sm:flex-none">
              {t('editor.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={working} aria-busy={working} className="flex-1">
              {working ? purpose.submittingLabel : purpose.submitLabel}
            </Button>
          </div>
        </footer>
        <FileTooLargeDialog
          open={tooLarge !== null}
          kind="video"
          fileName={tooLarge?.name}
          size={tooLarge?.size ?? 0}
          onClose={() => setTooLarge(null)}
        />
        <UploadProgressDialog
          open={mediaSave.dialog.open}
          items={mediaSave.dialog.items}
          step={mediaSave.dialog.step}
          error={mediaSave.dialog.error}
          notice={mediaSave.dialog.notice}
          onCancel={mediaSave.cancel}
          onClose={mediaSave.closeDialog}
        />
      </form>
      {/* Outside the card's form: its own form's submit must not submit the card. */}
      <AiMessageDialog
        open={aiOpen}
        onClose={() => setAiOpen(false)}
        onUse={(message) => {
          change('message', message);
          setAiOpen(false);
          document.getElementById(ids.message)?.focus();
        }}
        // Read as the dialog opens (which renders the form); the names cannot change while it is open.
        recipientName={form.getValues('recipientName')}
        senderName={form.getValues('senderName')}
        language={values.language}
        defaultOccasion={
          values.kind === 'invitation'
            ? 'Invitation'
            : occasionForTemplate({ categoryName: template.categoryName, templateName: template.name })
        }
        event={
          values.kind === 'invitation'
            ? { title: values.event.title, startsAt: values.event.startsAt, place: values.event.place }
            : null
        }
      />
    </>
  );
}
