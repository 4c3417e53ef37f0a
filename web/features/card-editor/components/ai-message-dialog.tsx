import { CircleAlert, RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import {
  AI_INSTRUCTION_MAX_LENGTH,
  DEFAULT_RELATIONSHIP,
  DEFAULT_TONE,
  OCCASIONS,
  RELATIONSHIPS,
  TONES,
  type AiEvent,
  type Occasion,
  type Relationship,
  type Tone,
} from '../../../../shared/ai/ai-message.contract.ts';
import { LANGUAGE_NAMES, textDirection, type Language } from '../../../../shared/i18n/languages.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { scrollBehavior } from '../../../lib/motion.ts';
import { useAiMessageWriter } from '../hooks/use-ai-message-writer.ts';

export interface AiMessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** 'Use This Message': the text goes into the card's Message field. */
  onUse: (message: string) => void;
  recipientName: string;
  senderName: string;
  /** The card's language: the message is written in it. */
  language: Language;
  /** Preselected from the template's category (SPEC §9), Birthday when none matches. */
  defaultOccasion: Occasion;
  /** An invitation's event, which the 'Invitation' occasion writes from; null for a greeting card. */
  event: AiEvent | null;
}

/**
 * SPEC §4's AI message dialog: occasion, tone, relationship and personal details (≤ 500 characters, with a
 * counter), then idle → generating (the text appears as it is written; Cancel stops it) → generated with
 * 'Use This Message' and 'Generate Another Message', which really writes another (DESIGN §1.12). When the AI
 * provider fails, SPEC §8's 'AI generation failed' is said and the built-in writer's text is offered.
 */
export function AiMessageDialog(props: AiMessageDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} labelledBy={titleId} className="max-w-lg">
      {props.open && <AiMessageForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function AiMessageForm({
  onClose,
  onUse,
  recipientName,
  senderName,
  language,
  defaultOccasion,
  event,
  titleId,
}: AiMessageDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const ids = {
    occasion: useId(),
    tone: useId(),
    relationship: useId(),
    details: useId(),
    counter: useId(),
    error: useId(),
  };
  const [occasion, setOccasion] = useState<Occasion>(defaultOccasion);
  const [tone, setTone] = useState<Tone>(DEFAULT_TONE);
  const [relationship, setRelationship] = useState<Relationship>(DEFAULT_RELATIONSHIP);
  const [details, setDetails] = useState('');
  const writer = useAiMessageWriter();
  const { state } = writer;
  const resultRef = useRef<HTMLDivElement>(null);
  const writing = state.status === 'generating' ? state.text : null;
  const written = state.status === 'generated' ? state.message : null;
  // On a phone the options fill the screen: the message comes into view as it is written, and whole once
  // written (it grows line by line; a view taken at its start would show its first two lines only).
  useEffect(() => {
    if (writing !== null) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [writing]);
  useEffect(() => {
    if (written !== null) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [written]);
  const shown =
    state.status === 'generated' ? state.message : state.status === 'error' ? state.message : null;
  const detailsRefused = state.status === 'error' && state.field === 'personalDetails';

  const generate = (previous: string | null) =>
    void writer.generate({
      occasion,
      tone,
      relationship,
      recipientName: recipientName.trim(),
      senderName: senderName.trim(),
      personalDetails: details.trim(),
      language,
      ...(previous ? { previous } : {}),
      ...(event ? { event } : {}),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.status !== 'generating') generate(shown);
  };

  const select = (id: string, label: string, value: string, options: readonly string[], key: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={state.status === 'generating'}
        onChange={(event) => {
          const chosen = event.target.value;
          if (key === 'occasions') setOccasion(chosen as Occasion);
          else if (key === 'tones') setTone(chosen as Tone);
          else setRelationship(chosen as Relationship);
        }}
        className={cn(fieldInputClasses, 'border-plum-200')}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`editor.ai.${key}.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );

  const name = recipientName.trim();
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-h-[calc(100dvh-2rem)] flex-col"
      data-testid="ai-message-dialog"
    >
      <DialogHeader
        titleId={titleId}
        title={t('editor.ai.title')}
        onClose={onClose}
        leading={
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-plum-100 text-plum-700">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
        }
        subtitle={
          <p className="text-sm text-muted">
            {name ? t('editor.ai.intro', { name }) : t('editor.ai.introNoName')}
          </p>
        }
      />

      <div className="flex-1 space-y-4 overflow-y-auto px-5 py-5 sm:px-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {select(ids.occasion, t('editor.ai.occasion'), occasion, OCCASIONS, 'occasions')}
          {select(ids.tone, t('editor.ai.tone'), tone, TONES, 'tones')}
        </div>
        {select(ids.relationship, t('editor.ai.relationship'), relationship, RELATIONSHIPS, 'relationships')}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.details} className="text-sm font-bold text-ink">
            {t('editor.ai.details')}
          </label>
          <textarea
            id={ids.details}
            value={details}
            maxLength={AI_INSTRUCTION_MAX_LENGTH}
            rows={3}
            dir="auto"
            disabled={state.status === 'generating'}
            aria-invalid={detailsRefused || undefined}
            aria-describedby={detailsRefused ? `${ids.counter} ${ids.error}` : ids.counter}
            placeholder={t('editor.ai.detailsPlaceholder')}
            onChange={(event) => setDetails(event.target.value)}
            className={cn(
              fieldInputClasses,
              'h-auto min-h-20 resize-y py-3 leading-relaxed',
              detailsRefused ? 'border-coral-500' : 'border-plum-200',
            )}
          />
          <p id={ids.counter} className="flex justify-between gap-3 text-xs text-muted">
            <span>{t('editor.ai.writtenIn', { language: LANGUAGE_NAMES[language] })}</span>
            <span className="tabular-nums">
              {t('editor.counter', { length: details.length, max: AI_INSTRUCTION_MAX_LENGTH })}
            </span>
          </p>
        </div>

        <div
          ref={resultRef}
          aria-live="polite"
          aria-busy={state.status === 'generating'}
          data-testid="ai-message-result"
          className="scroll-mb-4"
        >
          {state.status === 'generated' && state.failed && (
            <p
              role="alert"
              className="mb-2 flex items-start gap-2 rounded-2xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('editor.ai.failed')} <span className="font-normal">{t('editor.ai.failedDetail')}</span>
              </span>
            </p>
          )}
          {state.status === 'error' && (
            <p
              id={ids.error}
              role="alert"
              className="mb-2 flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t(state.errorKey)}
            </p>
          )}
          {(state.status === 'generating' || shown) && (
            <div>
              <p className="mb-1.5 text-sm font-bold text-ink">{t('editor.ai.result')}</p>
              <p
                dir={textDirection(language)}
                lang={language}
                data-testid="ai-message-text"
                className="min-h-24 rounded-2xl border border-plum-100 bg-plum-50/60 px-4 py-3 text-start leading-relaxed break-words whitespace-pre-wrap text-ink"
              >
                {state.status === 'generating' ? (
                  <>
                    {state.text}
                    <span
                      aria-hidden="true"
                      className="ms-0.5 inline-block h-4 w-0.5 animate-pulse bg-plum-500"
                    />
                  </>
                ) : (
                  shown
                )}
              </p>
              {state.status === 'generated' && state.notWoven.length > 0 && (
                <p data-testid="ai-message-not-woven" className="mt-2 text-sm text-muted">
                  {t('editor.ai.notWoven', {
                    details: state.notWoven.join(t('editor.ai.notWovenSeparator')),
                  })}
                </p>
              )}
            </div>
          )}
        </div>
      </div>

      <footer className="flex flex-wrap gap-3 border-t border-plum-100 px-5 py-4 sm:px-6">
        {state.status === 'generating' ? (
          <>
            <Button variant="secondary" size="lg" onClick={writer.cancel} className="flex-1 sm:flex-none">
              {t('editor.ai.cancel')}
            </Button>
            <Button type="submit" size="lg" pending className="flex-1">
              {t('editor.ai.generating')}
            </Button>
          </>
        ) : shown ? (
          <>
            <Button type="submit" variant="secondary" size="lg" className="flex-1">
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('editor.ai.another')}
            </Button>
            <Button size="lg" className="flex-1" onClick={() => onUse(shown)}>
              {t('editor.ai.use')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" size="lg" onClick={onClose} className="flex-1 sm:flex-none">
              {t('editor.cancel')}
            </Button>
            <Button type="submit" size="lg" className="flex-1">
              <Sparkles aria-hidden="true" className="size-4" />
              {t('editor.ai.generate')}
            </Button>
          </>
        )}
      </footer>
    </form>
  );
}
