import { CircleAlert, ImagePlus, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { IMAGE_MAX_BYTES, MB } from '../../../../shared/cards/card-media.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { RequiredField } from '../../../components/required-field.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import type { MyWincEdit } from '../api/my-wincs-api.ts';
import { useSaveMyWinc } from '../api/use-my-wincs.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { CardCoverImage } from './card-cover-image.tsx';
import {
  CARD_MESSAGE_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  type CardCheck,
  validateCardDraft,
} from '../../../../shared/cards/card-rules.ts';

interface EditWincDialogProps {
  /** The card to edit; null keeps the modal closed. */
  card: MyWinc | null;
  onClose: () => void;
  onSaved: (card: Card) => void;
}

/**
 * SPEC §2 My WINCS edit modal: sender name, recipient name and message, and the recipient image (change or
 * remove; images only), saved with 'Save Changes'. The names and message pass SPEC §5's checks first.
 */
export function EditWincDialog({ card, onClose, onSaved }: EditWincDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={card !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      labelledBy={titleId}
      className="max-w-xl max-sm:h-dvh! max-sm:max-h-dvh! max-sm:w-screen! max-sm:max-w-none! max-sm:rounded-none!"
    >
      {card && (
        <EditForm
          key={card.id}
          card={card}
          titleId={titleId}
          onClose={onClose}
          onSaved={onSaved}
          onBusyChange={setBusy}
        />
      )}
    </Dialog>
  );
}

type TextField = 'senderName' | 'recipientName' | 'message';

/** The image edit the form holds: a newly chosen file, or the saved image marked for removal. */
interface ImageChoice {
  file: File | null;
  removeSaved: boolean;
}

function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'myWincs.edit.notImage';
  if (file.size > IMAGE_MAX_BYTES) return 'myWincs.edit.imageTooLarge';
  return null;
}

function EditForm({
  card,
  titleId,
  onClose,
  onSaved,
  onBusyChange,
}: {
  card: MyWinc;
  titleId: string;
  onClose: () => void;
  onSaved: (card: Card) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMyWinc();
  const [values, setValues] = useState({
    senderName: card.senderName,
    recipientName: card.recipientName,
    message: card.message,
  });
  const [image, setImage] = useState<ImageChoice>({ file: null, removeSaved: false });
  const [check, setCheck] = useState<CardCheck | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = {
    senderName: useId(),
    recipientName: useId(),
    message: useId(),
    counter: useId(),
    error: useId(),
    failure: useId(),
  };
  const pending = save.isPending;
  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);

  const update = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (check?.field === field) setCheck(null);
    setFailed(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const failing = validateCardDraft({
      templateId: card.templateId,
      selectedVoice: card.selectedVoice,
      ...values,
    });
    if (
      failing &&
      (failing.field === 'senderName' || failing.field === 'recipientName' || failing.field === 'message')
    ) {
      setCheck(failing);
      document.getElementById(ids[failing.field])?.focus();
      return;
    }
    setCheck(null);
    setFailed(false);
    const edit: MyWincEdit = {
      text: {
        senderName: values.senderName.trim(),
        recipientName: values.recipientName.trim(),
        message: values.message.trim(),
      },
      image: image.file
        ? { file: image.file }
        : image.removeSaved && card.recipientImageUrl
          ? { remove: true }
          : null,
    };
    try {
      const saved = await save.mutateAsync({ cardId: card.id, edit });
      showToast(t('myWincs.edit.success'));
      onSaved(saved);
    } catch {
      setFailed(true);
      showToast(t('myWincs.edit.failed'), 'error');
    }
  };

  const errorFor = (field: TextField) => (check?.field === field ? t(check.code) : null);
  const fieldProps = (field: TextField, describedBy?: string) => ({
    id: ids[field],
    required: true,
    disabled: pending,
    'aria-invalid': check?.field === field ? true : undefined,
    'aria-describedby':
      [check?.field === field ? ids.error : null, describedBy].filter(Boolean).join(' ') || undefined,
    dir: 'auto' as const,
    className: cn(
      fieldInputClasses,
      'text-start',
      check?.field === field ? 'border-coral-500' : 'border-plum-200',
    ),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="edit-winc"
      className="flex max-h-[calc(100dvh-2rem)] flex-col max-sm:h-dvh max-sm:max-h-dvh"
    >
      <DialogHeader
        titleId={titleId}
        title={t('myWincs.edit.title')}
        onClose={onClose}
        closeLabel={t('myWincs.details.close')}
        closeDisabled={pending}
        leading={
          <CardCoverImage src={card.templateImageUrl} className="w-10 shrink-0 rounded-lg shadow-sm" />
        }
      />

      <div className="flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <RequiredField
            label={t('myWincs.edit.senderName')}
            htmlFor={ids.senderName}
            error={errorFor('senderName')}
            errorId={ids.error}
          >
            <input
              {...fieldProps('senderName')}
              value={values.senderName}
              maxLength={CARD_NAME_MAX_LENGTH}
              autoComplete="name"
              onChange={(event) => update('senderName', event.target.value)}
            />
          </RequiredField>
          <RequiredField
            label={t('myWincs.edit.recipientName')}
            htmlFor={ids.recipientName}
            error={errorFor('recipientName')}
            errorId={ids.error}
          >
            <input
              {...fieldProps('recipientName')}
              value={values.recipientName}
              maxLength={CARD_NAME_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => update('recipientName', event.target.value)}
            />
          </RequiredField>
        </div>

        <RequiredField
          label={t('myWincs.edit.message')}
          htmlFor={ids.message}
          error={errorFor('message')}
          errorId={ids.error}
        >
          <textarea
            {...fieldProps('message', ids.counter)}
            value={values.message}
            maxLength={CARD_MESSAGE_MAX_LENGTH}
            rows={5}
            onChange={(event) => update('message', event.target.value)}
            className={cn(fieldProps('message').className, 'h-auto min-h-32 resize-y py-3 leading-relaxed')}
          />
          <p id={ids.counter} className="text-end text-xs text-muted tabular-nums">
            {t('myWincs.edit.counter', { length: values.message.length, max: CARD_MESSAGE_MAX_LENGTH })}
          </p>
        </RequiredField>

        <ImageField
          savedUrl={card.recipientImageUrl}
          choice={image}
          onChange={(next) => {
            setImage(next);
            setFailed(false);
          }}
          disabled={pending}
        />
      </div>

      <footer className="border-t border-plum-100 px-5 py-4 sm:px-6">
        {failed && (
          <p
            id={ids.failure}
            role="alert"
            className="mb-3 flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('myWincs.edit.failed')}
          </p>
        )}
        <div className="flex gap-3">
          <Button
            variant="secondary"
            size="lg"
            onClick={onClose}
            disabled={pending}
            className="flex-1 sm:flex-none"
          >
            {t('myWincs.edit.cancel')}
          </Button>
          <Button type="submit" size="lg" pending={pending} className="flex-1">
            {pending ? t('myWincs.edit.saving') : t('myWincs.edit.save')}
          </Button>
        </div>
      </footer>
    </form>
  );
}

/** The recipient image: the current one (or the newly chosen one) with Change and Remove, or Add. */
function ImageField({
  savedUrl,
  choice,
  onChange,
  disabled,
}: {
  savedUrl: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const ids = { label: useId(), hint: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useObjectUrl(choice.file);
  const shownUrl = previewUrl ?? (choice.removeSaved ? null : savedUrl);
  const max = IMAGE_MAX_BYTES / MB;
  // After Remove the card is replaced by the Add button (and back): the focus follows.
  const focusNext = useRef<'add' | 'change' | null>(null);
  useEffect(() => {
    const target =
      focusNext.current === 'add'
        ? addRef.current
        : focusNext.current === 'change'
          ? changeRef.current
          : null;
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });

  const choose = () => inputRef.current?.click();
  const accept = (file: File) => {
    const found = imageProblem(file);
    setProblem(found);
    if (found) return;
    focusNext.current = 'change';
    onChange({ ...choice, file });
  };
  const remove = () => {
    setProblem(null);
    focusNext.current = 'add';
    if (choice.file) onChange({ ...choice, file: null });
    else onChange({ ...choice, removeSaved: true });
  };

  return (
    <div role="group" aria-labelledby={ids.label} className="flex flex-col gap-1.5">
      <p className="flex items-baseline gap-2 text-sm font-bold text-ink">
        <span id={ids.label}>{t('myWincs.edit.image')}</span>
        <span className="text-xs font-semibold text-muted">{t('myWincs.edit.optional')}</span>
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        disabled={disabled}
        data-testid="edit-image-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) accept(chosen);
        }}
      />
      {shownUrl ? (
        <div
          data-testid="edit-image"
          className="flex items-center gap-3 rounded-2xl border border-plum-200 bg-white p-2 shadow-xs"
        >
          <img src={shownUrl} alt="" className="size-16 shrink-0 rounded-xl bg-plum-100 object-cover" />
          <p className="min-w-0 flex-1 truncate text-start text-sm font-bold text-ink">
            {choice.file ? (
              <bdi>{t('myWincs.edit.newImage', { name: choice.file.name })}</bdi>
            ) : (
              t('myWincs.edit.currentImage')
            )}
          </p>
          <div className="flex shrink-0 items-center gap-1">
            <button
              ref={changeRef}
              type="button"
              onClick={choose}
              disabled={disabled}
              title={t('myWincs.edit.changeImage')}
              className={buttonClasses('secondary', 'sm')}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t('myWincs.edit.changeImage')}</span>
            </button>
            <IconButton
              label={t('myWincs.edit.removeImage')}
              icon={<Trash2 aria-hidden="true" className="size-5" />}
              onClick={remove}
              disabled={disabled}
              className="text-coral-700 hover:bg-coral-50 active:bg-coral-100"
            />
          </div>
        </div>
      ) : (
        <button
          ref={addRef}
          type="button"
          onClick={choose}
          disabled={disabled}
          aria-describedby={[ids.hint, problem ? ids.error : null].filter(Boolean).join(' ')}
          className="flex min-h-16 w-full items-center gap-3 rounded-2xl border-2 border-dashed border-plum-200 bg-white px-4 py-3 text-start transition-colors hover:border-plum-400 hover:bg-plum-50/60 disabled:pointer-events-none disabled:opacity-60"
        >
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-plum-100 text-plum-700"
          >
            <ImagePlus className="size-5" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-bold text-plum-800">{t('myWincs.edit.chooseImage')}</span>
            <span id={ids.hint} className="text-xs text-muted">
              {t('myWincs.edit.imageHint', { max })}
            </span>
          </span>
        </button>
      )}
      {choice.removeSaved && !choice.file && savedUrl && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          {t('myWincs.edit.imageRemoved')}
          <button
            type="button"
            onClick={() => onChange({ ...choice, removeSaved: false })}
            disabled={disabled}
            className="inline-flex items-center gap-1 font-bold text-plum-700 underline-offset-2 hover:underline"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t('myWincs.edit.undoRemove')}
          </button>
        </p>
      )}
      {problem && (
        <p
          id={ids.error}
          role="alert"
          className="flex items-start gap-1.5 text-sm font-semibold text-coral-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(problem, { max })}
        </p>
      )}
    </div>
  );
}
