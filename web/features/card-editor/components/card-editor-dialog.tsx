import { CircleAlert, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { occasionForCategory } from '../../../../shared/ai/ai-message.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { FieldError, RequiredField } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { rememberEditCardInHistory } from '../../../lib/edit-card-state.ts';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { CardEditorTarget } from '../hooks/use-card-editor.ts';
import { useSaveCard } from '../hooks/use-save-card.ts';
import {
  firstFailingCheck,
  initialFormValues,
  saveErrorKey,
  serverCheckOf,
  toCardRequest,
  toggleVoice,
  type CardFormValues,
} from '../lib/card-draft.ts';
import { useMediaSave } from '../hooks/use-media-save.ts';
import { mediaChanges, NO_MEDIA_EDITS, savedMediaUrls, type MediaEdits } from '../lib/media-edits.ts';
import { AiMessageDialog } from './ai-message-dialog.tsx';
import { CardLanguageField } from './card-language-field.tsx';
import { GreetingPreview } from './greeting-preview.tsx';
import { OptionCheckbox } from './option-checkbox.tsx';
import { FileTooLargeDialog } from './media/file-too-large-dialog.tsx';
import { RecipientImageField } from './media/recipient-image-field.tsx';
import { UploadProgressDialog } from './media/upload-progress-dialog.tsx';
import { VideoField } from './media/video-field.tsx';
import { VoiceMessageField } from './media/voice-message-field.tsx';
import { TextStyleFields } from './text-style-fields.tsx';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import {
  CARD_MESSAGE_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  VOICES,
  type CardCheck,
} from '../../../../shared/cards/card-rules.ts';

interface CardEditorDialogProps {
  /** What to edit; null keeps the modal closed. */
  target: CardEditorTarget | null;
  onClose: () => void;
  /** The sender's plan includes cards in other languages than their UI's (DESIGN §1.18). */
  multilingual: boolean;
}

/**
 * The Create/Edit card modal of SPEC §2: the required names, message and AI voice, the recipient image, a
 * video and a voice message, the text styling with a live preview, SPEC §5's checks one at a time; then the
 * card is saved, its files compressed and uploaded under the progress dialog, and on to the overview.
 * A full-screen sheet on phones.
 */
export function CardEditorDialog({ target, onClose, multilingual }: CardEditorDialogProps) {
  const titleId = useId();
  const noteId = useId();
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={noteId}
      className="max-w-2xl max-sm:h-dvh! max-sm:max-h-dvh! max-sm:w-screen! max-sm:max-w-none! max-sm:rounded-none!"
    >
      {target && (
        <EditorForm
          key={target.card?.id ?? target.template.id ?? ''}
          target={target}
          onClose={onClose}
          multilingual={multilingual}
          titleId={titleId}
          noteId={noteId}
        />
      )}
    </Dialog>
  );
}

type FieldName = CardCheck['field'];

function EditorForm({
  target,
  onClose,
  multilingual,
  titleId,
  noteId,
}: {
  target: CardEditorTarget;
  onClose: () => void;
  multilingual: boolean;
  titleId: string;
  noteId: string;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const navigate = useNavigate();
  const save = useSaveCard();
  const mediaSave = useMediaSave();
  const { template, card } = target;
  const [uiLanguage] = useState(currentLanguage);
  const [values, setValues] = useState<CardFormValues>(() => initialFormValues(card, uiLanguage));
  const [aiOpen, setAiOpen] = useState(false);
  const [check, setCheck] = useState<CardCheck | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [media, setMedia] = useState<MediaEdits>(NO_MEDIA_EDITS);
  const [tooLarge, setTooLarge] = useState<File | null>(null);
  // Once saved, the card exists: saving again after a failed upload updates it instead of making another.
  const [savedCard, setSavedCard] = useState<Card | null>(card);
  const [working, setWorking] = useState(false);
  const savedUrls = savedMediaUrls(savedCard);
  const shown = (kind: keyof MediaEdits) => (media[kind].keepSaved ? savedUrls[kind] : null);
  const choose = (kind: keyof MediaEdits, file: File | null) => {
    setMedia((current) => ({ ...current, [kind]: { ...current[kind], file } }));
    setSaveError(null);
  };
  const removeSaved = (kind: keyof MediaEdits) =>
    setMedia((current) => ({ ...current, [kind]: { ...current[kind], keepSaved: false } }));
  const ids = {
    senderName: useId(),
    recipientName: useId(),
    message: useId(),
    counter: useId(),
    voice: useId(),
    error: useId(),
  };

  const update = <K extends keyof CardFormValues>(key: K, value: CardFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (check?.field === key) setCheck(null);
    setSaveError(null);
  };

  const showCheck = (failing: CardCheck) => {
    setCheck(failing);
    // The field to correct takes the focus (the first voice button for the voice).
    const focusIds: Partial<Record<FieldName, string>> = {
      senderName: ids.senderName,
      recipientName: ids.recipientName,
      message: ids.message,
      selectedVoice: `${ids.voice}-0`,
    };
    const focusId = focusIds[failing.field];
    if (focusId) document.getElementById(focusId)?.focus();
  };

  const goToOverview = (saved: Card) => {
    showToast(t(card ? 'editor.updated' : 'editor.created'));
    // Browser Back from the overview comes back to Home with this modal (SPEC §2).
    rememberEditCardInHistory(saved.id, paths.home());
    void navigate(paths.overview(saved.id));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    setSaveError(null);
    const failing = firstFailingCheck(values, template.id);
    if (failing) {
      showCheck(failing);
      return;
    }
    setCheck(null);
    setWorking(true);
    try {
      let saved: Card;
      try {
        saved = await save.mutateAsync({
          cardId: savedCard?.id ?? null,
          input: toCardRequest(values, template.id),
        });
      } catch (error) {
        const serverCheck = serverCheckOf(error);
        if (serverCheck) showCheck(serverCheck);
        else setSaveError(t(saveErrorKey(error)));
        return;
      }
      setSavedCard(saved);
      const changes = mediaChanges(savedMediaUrls(saved), media);
      if (changes.uploads.length === 0 && changes.removals.length === 0) {
        goToOverview(saved);
        return;
      }
      const withMedia = await mediaSave.run(saved.id, changes);
      if (!withMedia) return;
      setSavedCard(withMedia);
      setMedia(NO_MEDIA_EDITS);
      // Every file is in: on to the overview, the progress dialog showing 'complete' until it is there.
      goToOverview(withMedia);
    } finally {
      setWorking(false);
    }
  };

  const errorFor = (field: FieldName) => (check?.field === field ? t(check.code) : null);
  const fieldProps = (field: 'senderName' | 'recipientName' | 'message', describedBy?: string) => ({
    id: ids[field],
    'aria-required': true,
    'aria-invalid': check?.field === field ? true : undefined,
    'aria-describedby':
      [check?.field === field ? ids.error : null, describedBy].filter(Boolean).join(' ') || undefined,
  });
  const generalError = check?.field === 'templateId' ? t(check.code) : saveError;

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex max-h-[calc(100dvh-2rem)] flex-col max-sm:h-dvh max-sm:max-h-dvh"
        data-testid="card-editor"
      >
        <DialogHeader
          titleId={titleId}
          title={t(card ? 'editor.titleEdit' : 'editor.titleCreate')}
          onClose={onClose}
          leading={
            template.coverUrl && (
              <img
                src={template.coverUrl}
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
          <div className="grid gap-5 sm:grid-cols-2">
            <RequiredField
              label={t('editor.senderName')}
              htmlFor={ids.senderName}
              error={errorFor('senderName')}
              errorId={ids.error}
            >
              <input
                {...fieldProps('senderName')}
                value={values.senderName}
                maxLength={CARD_NAME_MAX_LENGTH}
                autoComplete="name"
                dir="auto"
                onChange={(e) => update('senderName', e.target.value)}
                className={cn(
                  fieldInputClasses,
                  errorFor('senderName') ? 'border-coral-500' : 'border-plum-200',
                )}
              />
            </RequiredField>
            <RequiredField
              label={t('editor.recipientName')}
              htmlFor={ids.recipientName}
              error={errorFor('recipientName')}
              errorId={ids.error}
            >
              <input
                {...fieldProps('recipientName')}
                value={values.recipientName}
                maxLength={CARD_NAME_MAX_LENGTH}
                autoComplete="off"
                dir="auto"
                onChange={(e) => update('recipientName', e.target.value)}
                className={cn(
                  fieldInputClasses,
                  errorFor('recipientName') ? 'border-coral-500' : 'border-plum-200',
                )}
              />
            </RequiredField>
          </div>

          <CardLanguageField
            value={values.language}
            onChange={(language) => update('language', language)}
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
              {...fieldProps('message', ids.counter)}
              value={values.message}
              maxLength={CARD_MESSAGE_MAX_LENGTH}
              rows={4}
              dir="auto"
              onChange={(e) => update('message', e.target.value)}
              className={cn(
                fieldInputClasses,
                'h-auto min-h-28 resize-y py-3 leading-relaxed',
                errorFor('message') ? 'border-coral-500' : 'border-plum-200',
              )}
            />
            <p id={ids.counter} className="text-end text-xs text-muted tabular-nums">
              {t('editor.counter', { length: values.message.length, max: CARD_MESSAGE_MAX_LENGTH })}
            </p>
          </RequiredField>

          <div>
            <RecipientImageField
              file={media.image.file}
              existingUrl={shown('image')}
              onChange={(file) => {
                choose('image', file);
                // A newly added photo brings face opening back on (DESIGN §1.6); the sender may switch it off.
                if (file) update('faceOpening', true);
              }}
              onRemoveExisting={() => removeSaved('image')}
              disabled={working}
            />
            {(media.image.file ?? shown('image')) && (
              <OptionCheckbox
                checked={values.faceOpening}
                onChange={(checked) => update('faceOpening', checked)}
                label={t('editor.faceOpening.label')}
                hint={t('editor.faceOpening.hint')}
                testId="face-opening-switch"
              />
            )}
          </div>

          <fieldset aria-describedby={check?.field === 'selectedVoice' ? ids.error : undefined}>
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
                    onClick={() => update('selectedVoice', toggleVoice(values.selectedVoice, voice))}
                    className={cn(
                      'h-11 flex-1 rounded-2xl border-2 px-4 text-sm font-bold transition-colors',
                      pressed
                        ? 'border-plum-600 bg-plum-600 text-white'
                        : 'border-plum-200 bg-white text-plum-800 hover:border-plum-400',
                      check?.field === 'selectedVoice' && !pressed && 'border-coral-500',
                    )}
                  >
                    {t(`editor.voices.${voice}`)}
                  </button>
                );
              })}
            </div>
            {check?.field === 'selectedVoice' && <FieldError id={ids.error}>{t(check.code)}</FieldError>}
            <GreetingPreview
              recipientName={values.recipientName}
              senderName={values.senderName}
              voice={values.selectedVoice}
              language={values.language}
            />
            <OptionCheckbox
              checked={values.readMessageAloud}
              onChange={(checked) => update('readMessageAloud', checked)}
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
            values={values}
            onChange={(key, value) => update(key, value)}
            previewText={values.message.trim()}
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
              {working ? t('editor.creating') : t('editor.next')}
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
          update('message', message);
          setAiOpen(false);
          document.getElementById(ids.message)?.focus();
        }}
        recipientName={values.recipientName}
        senderName={values.senderName}
        language={values.language}
        defaultOccasion={occasionForCategory(template.categoryName)}
      />
    </>
  );
}
