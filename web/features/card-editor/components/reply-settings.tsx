import { MessageCircleReply, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import {
  INVITATION_CAPACITY_MAX,
  INVITATION_QUESTIONS_MAX,
  MAX_PLUS_ONES_LIMIT,
  QUESTION_CHOICE_MAX_LENGTH,
  QUESTION_CHOICES_MAX,
  QUESTION_CHOICES_MIN,
  QUESTION_KINDS,
  QUESTION_PROMPT_MAX_LENGTH,
} from '../../../../shared/invitations/invitation-rules.ts';
import { FieldError } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import type { CardFormValues } from '../lib/card-draft.ts';
import {
  eventErrorKey,
  eventFieldId,
  newQuestion,
  type EventFieldPath,
  type EventFormValues,
  type QuestionFormValues,
} from '../lib/invitation-draft.ts';
import { OptionCheckbox } from './option-checkbox.tsx';

const PLUS_ONE_COUNTS = Array.from({ length: MAX_PLUS_ONES_LIMIT + 1 }, (_, count) => count);

/**
 * How guests answer an invitation (DESIGN §1.20), in the event's part of the card form: a deadline in the
 * event's zone, the plus-ones each guest may bring, up to three questions (short text, or one choice among
 * two to six; each keeps the id answers refer to), a capacity past which a yes waits on a list, and whether
 * guests see who is coming. Each field shows its own issue, tied to it.
 */
export function ReplySettings({
  idBase,
  values,
  issues,
  register,
  onEdited,
  onQuestionsChange,
  onShowGuestListChange,
}: {
  idBase: string;
  values: EventFormValues;
  issues: Partial<Record<EventFieldPath, string>>;
  register: UseFormRegister<CardFormValues>;
  onEdited: (field: EventFieldPath) => void;
  onQuestionsChange: (questions: QuestionFormValues[]) => void;
  onShowGuestListChange: (shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = (path: EventFieldPath) => eventFieldId(idBase, path);
  const errorOf = (path: EventFieldPath) => {
    const issue = issues[path];
    return issue ? <FieldError id={`${id(path)}-error`}>{t(eventErrorKey(issue))}</FieldError> : null;
  };
  const invalid = (path: EventFieldPath, hintId?: string) => ({
    id: id(path),
    'aria-invalid': issues[path] ? true : undefined,
    'aria-describedby':
      [issues[path] ? `${id(path)}-error` : null, hintId].filter(Boolean).join(' ') || undefined,
  });
  const inputClasses = (path: EventFieldPath, extra?: string) =>
    cn(fieldInputClasses, issues[path] ? 'border-coral-500' : 'border-plum-200', extra);

  const questions = values.questions;
  const changeQuestion = (index: number, change: Partial<QuestionFormValues>) =>
    onQuestionsChange(
      questions.map((question, at) => (at === index ? { ...question, ...change } : question)),
    );

  return (
    <fieldset data-testid="reply-settings" className="min-w-0 border-t border-plum-100 pt-4">
      <legend className="flex items-center gap-2 text-sm font-black text-ink">
        <MessageCircleReply aria-hidden="true" className="size-4.5 text-plum-600" />
        {t('invitation.editor.replies.section')}
      </legend>
      <p className="mt-0.5 text-xs text-muted">{t('invitation.editor.replies.intro')}</p>

      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field
          htmlFor={id('rsvpBy')}
          label={t('invitation.editor.replies.rsvpBy')}
          optional={t('invitation.editor.optional')}
          hint={
            <p id={`${id('rsvpBy')}-hint`} className="text-xs text-muted">
              {t('invitation.editor.replies.rsvpByHint')}
            </p>
          }
          error={errorOf('rsvpBy')}
        >
          <input
            {...register('event.rsvpBy', { onChange: () => onEdited('rsvpBy') })}
            {...invalid('rsvpBy', `${id('rsvpBy')}-hint`)}
            type="datetime-local"
            max={values.startsAt || undefined}
            className={inputClasses('rsvpBy')}
          />
        </Field>
        <Field
          htmlFor={id('maxPlusOnes')}
          label={t('invitation.editor.replies.maxPlusOnes')}
          error={errorOf('maxPlusOnes')}
        >
          <select
            {...register('event.maxPlusOnes', { onChange: () => onEdited('maxPlusOnes') })}
            {...invalid('maxPlusOnes')}
            className={inputClasses('maxPlusOnes')}
          >
            {PLUS_ONE_COUNTS.map((count) => (
              <option key={count} value={String(count)}>
                {count === 0 ? t('invitation.editor.replies.noPlusOnes') : count}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <div role="group" aria-labelledby={`${idBase}-questions`} className="mt-5">
        <p id={`${idBase}-questions`} className="text-sm font-bold text-ink">
          {t('invitation.editor.replies.questions')}
          <span className="font-semibold text-muted"> ({t('invitation.editor.optional')})</span>
        </p>
        <p className="mt-0.5 text-xs text-muted">{t('invitation.editor.replies.questionsHint')}</p>
        {questions.length > 0 && (
          <ol className="mt-3 space-y-3">
            {questions.map((question, index) => (
              <li key={question.id}>
                <QuestionFields
                  number={index + 1}
                  question={question}
                  pathOf={(part) => `questions.${index}.${part}`}
                  id={id}
                  issues={issues}
                  invalid={invalid}
                  inputClasses={inputClasses}
                  errorOf={errorOf}
                  onChange={(change, edited) => {
                    changeQuestion(index, change);
                    onEdited(`questions.${index}.${edited}`);
                  }}
                  onRemove={() => onQuestionsChange(questions.filter((_, at) => at !== index))}
                />
              </li>
            ))}
          </ol>
        )}
        {questions.length < INVITATION_QUESTIONS_MAX && (
          <button
            type="button"
            onClick={() => onQuestionsChange([...questions, newQuestion()])}
            className="mt-3 inline-flex h-10 items-center gap-1.5 rounded-full border border-dashed border-plum-300 bg-white px-4 text-sm font-bold text-plum-800 hover:border-plum-500 hover:bg-plum-50"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('invitation.editor.replies.addQuestion')}
          </button>
        )}
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field
          htmlFor={id('capacity')}
          label={t('invitation.editor.replies.capacity')}
          optional={t('invitation.editor.optional')}
          hint={
            <p id={`${id('capacity')}-hint`} className="text-xs text-muted">
              {t('invitation.editor.replies.capacityHint')}
            </p>
          }
          error={errorOf('capacity')}
        >
          <input
            {...register('event.capacity', { onChange: () => onEdited('capacity') })}
            {...invalid('capacity', `${id('capacity')}-hint`)}
            type="number"
            inputMode="numeric"
            min={1}
            max={INVITATION_CAPACITY_MAX}
            step={1}
            className={inputClasses('capacity')}
          />
        </Field>
      </div>
      <OptionCheckbox
        checked={values.showGuestList}
        onChange={onShowGuestListChange}
        label={t('invitation.editor.replies.showGuestList')}
        hint={t('invitation.editor.replies.showGuestListHint')}
        testId="show-guest-list"
      />
    </fieldset>
  );
}

/** One question: its prompt, its kind, and a choice question's choices. */
function QuestionFields({
  number,
  question,
  pathOf,
  id,
  issues,
  invalid,
  inputClasses,
  errorOf,
  onChange,
  onRemove,
}: {
  number: number;
  question: QuestionFormValues;
  pathOf: (part: string) => EventFieldPath;
  id: (path: EventFieldPath) => string;
  issues: Partial<Record<EventFieldPath, string>>;
  invalid: (path: EventFieldPath) => Record<string, unknown>;
  inputClasses: (path: EventFieldPath, extra?: string) => string;
  errorOf: (path: EventFieldPath) => ReactNode;
  onChange: (change: Partial<QuestionFormValues>, edited: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const choicesPath = pathOf('choices');
  const setChoice = (at: number, text: string) =>
    onChange({ choices: question.choices.map((choice, index) => (index === at ? text : choice)) }, `choices`);

  return (
    <fieldset
      data-testid="reply-question"
      className="relative min-w-0 rounded-2xl border border-plum-100 bg-white p-3 shadow-xs sm:p-4"
    >
      <legend className="float-start text-xs leading-9 font-extrabold tracking-wide text-coral-700 uppercase">
        {t('invitation.editor.replies.question', { number })}
      </legend>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('invitation.editor.replies.removeQuestion', { number })}
        title={t('invitation.editor.replies.removeQuestion', { number })}
        className="absolute end-2 top-2 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-coral-50 hover:text-coral-700 sm:end-3 sm:top-3"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <div className="clear-both flex min-w-0 flex-col gap-1.5 pt-1">
        <label htmlFor={id(pathOf('prompt'))} className="text-sm font-bold text-ink">
          {t('invitation.editor.replies.prompt')}
          <span aria-hidden="true" className="text-coral-600">
            {' *'}
          </span>
        </label>
        <input
          {...invalid(pathOf('prompt'))}
          value={question.prompt}
          onChange={(event) => onChange({ prompt: event.target.value }, 'prompt')}
          aria-required
          maxLength={QUESTION_PROMPT_MAX_LENGTH}
          autoComplete="off"
          dir="auto"
          className={inputClasses(pathOf('prompt'))}
        />
        {errorOf(pathOf('prompt'))}
      </div>

      <fieldset className="mt-3">
        <legend className="text-sm font-bold text-ink">{t('invitation.editor.replies.kind')}</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-2xl border border-plum-200 bg-white p-1">
          {QUESTION_KINDS.map((kind) => (
            <label
              key={kind}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-xl px-2 text-center text-sm font-bold transition-colors',
                'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
                question.kind === kind ? 'bg-plum-700 text-white' : 'text-plum-900 hover:bg-plum-50',
              )}
            >
              <input
                type="radio"
                name={`${id(pathOf('kind'))}`}
                value={kind}
                checked={question.kind === kind}
                onChange={() => onChange({ kind }, 'kind')}
                className="sr-only"
              />
              {t(`invitation.editor.replies.kinds.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {question.kind === 'choice' && (
        <fieldset
          id={id(choicesPath)}
          tabIndex={-1}
          aria-describedby={issues[choicesPath] ? `${id(choicesPath)}-error` : undefined}
          className="mt-3 outline-none"
        >
          <legend className="sr-only">{t('invitation.editor.replies.kinds.choice')}</legend>
          <ul className="space-y-2">
            {question.choices.map((choice, at) => {
              const path = pathOf(`choices.${at}`);
              const label = t('invitation.editor.replies.choice', { number: at + 1 });
              return (
                <li key={at}>
                  <div className="flex items-center gap-2">
                    <input
                      {...invalid(path)}
                      value={choice}
                      onChange={(event) => setChoice(at, event.target.value)}
                      aria-label={label}
                      placeholder={label}
                      maxLength={QUESTION_CHOICE_MAX_LENGTH}
                      autoComplete="off"
                      dir="auto"
                      className={inputClasses(path, 'h-11')}
                    />
                    {question.choices.length > QUESTION_CHOICES_MIN && (
                      <button
                        type="button"
                        onClick={() =>
                          onChange(
                            { choices: question.choices.filter((_, index) => index !== at) },
                            'choices',
                          )
                        }
                        aria-label={t('invitation.editor.replies.removeChoice', { number: at + 1 })}
                        title={t('invitation.editor.replies.removeChoice', { number: at + 1 })}
                        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-coral-50 hover:text-coral-700"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    )}
                  </div>
                  {errorOf(path)}
                </li>
              );
            })}
          </ul>
          {question.choices.length < QUESTION_CHOICES_MAX && (
            <button
              type="button"
              onClick={() => onChange({ choices: [...question.choices, ''] }, 'choices')}
              className="mt-2 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-plum-800 hover:bg-plum-50"
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('invitation.editor.replies.addChoice')}
            </button>
          )}
          {errorOf(choicesPath)}
        </fieldset>
      )}
    </fieldset>
  );
}

/** A labelled field with its hint and its issue. */
function Field({
  htmlFor,
  label,
  optional,
  hint,
  error,
  children,
}: {
  htmlFor: string;
  label: string;
  optional?: string;
  hint?: ReactNode;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-bold text-ink">
        {label}
        {optional && <span className="font-semibold text-muted"> ({optional})</span>}
      </label>
      {children}
      {hint}
      {error}
    </div>
  );
}
