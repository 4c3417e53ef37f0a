import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Invitation } from '../../../../shared/invitations/invitation.contract.ts';
import {
  RSVP_STATUSES,
  type HostGuest,
  type RsvpInput,
  type RsvpStatus,
} from '../../../../shared/invitations/guests.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useRecordAnswer } from '../api/use-guest-list.ts';

interface AnswerValues {
  status: RsvpStatus;
  /** As the select holds it: `'1'` … one more than the guest's plus-ones. */
  headcount: string;
}

/**
 * The answer a guest gave the host in person, by phone or by message (DESIGN §1.20): yes, maybe or no and how
 * many come. What the guest told through their link besides (plus-ones' names, answers to questions that are
 * still asked, their note) stays; the host can also clear the answer.
 */
export function RecordAnswerDialog({
  cardId,
  guest,
  invitation,
  onClose,
}: {
  cardId: string;
  /** The guest whose answer is recorded; null keeps the dialog closed. */
  guest: HostGuest | null;
  invitation: Pick<Invitation, 'questions'>;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={guest !== null} onClose={onClose} labelledBy={titleId} className="max-w-md">
      {guest && (
        <AnswerForm
          key={guest.id}
          cardId={cardId}
          guest={guest}
          invitation={invitation}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function AnswerForm({
  cardId,
  guest,
  invitation,
  titleId,
  onClose,
}: {
  cardId: string;
  guest: HostGuest;
  invitation: Pick<Invitation, 'questions'>;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = { status: useId(), headcount: useId(), hint: useId() };
  const record = useRecordAnswer(cardId);
  const form = useForm<AnswerValues>({
    defaultValues: {
      status: guest.state === 'pending' ? 'yes' : guest.state === 'waitlisted' ? 'yes' : guest.state,
      headcount: String(Math.min(Math.max(guest.headcount, 1), guest.maxPlusOnes + 1)),
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const counts = Array.from({ length: guest.maxPlusOnes + 1 }, (_, index) => index + 1);

  const save = form.handleSubmit(async ({ status: answer, headcount }) => {
    const people = answer === 'no' ? 1 : Number(headcount);
    // Answers to questions the host still asks, with choices still offered; the rest would be refused.
    const answers = Object.fromEntries(
      invitation.questions.flatMap((question) => {
        const value = guest.answers[question.id];
        if (value === undefined || value === '') return [];
        return question.kind === 'choice' && !question.choices.includes(value) ? [] : [[question.id, value]];
      }),
    );
    const input: RsvpInput = {
      status: answer,
      headcount: people,
      plusOneNames: guest.plusOneNames.slice(0, people - 1),
      answers,
      note: guest.note,
    };
    try {
      await record.mutateAsync({ guestId: guest.id, answer: input });
      showToast(t('guestList.record.saved'));
      onClose();
    } catch {
      // Shown under the form from the mutation's state.
    }
  });
  const clear = async () => {
    try {
      await record.mutateAsync({ guestId: guest.id, answer: null });
      showToast(t('guestList.record.cleared'));
      onClose();
    } catch {
      // Shown under the form from the mutation's state.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} data-testid="record-answer">
      <DialogHeader
        titleId={titleId}
        title={t('guestList.record.title', { name: guest.name })}
        subtitle={<p className="mt-1 text-sm text-muted">{t('guestList.record.hint')}</p>}
        onClose={onClose}
      />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <fieldset disabled={record.isPending}>
          <legend className="text-sm font-bold text-ink">{t('guestList.record.status')}</legend>
          <div className="mt-1.5 grid grid-cols-3 gap-1 rounded-2xl border border-plum-200 bg-white p-1 shadow-xs">
            {RSVP_STATUSES.map((each) => (
              <label
                key={each}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 text-center text-sm leading-tight font-extrabold transition-colors',
                  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
                  status === each ? 'bg-plum-700 text-white shadow-sm' : 'text-plum-900 hover:bg-plum-50',
                )}
              >
                <input {...form.register('status')} type="radio" value={each} className="sr-only" />
                {t(`guestList.states.${each}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {status !== 'no' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.headcount} className="text-sm font-bold text-ink">
              {t('guestList.record.headcount')}
            </label>
            <select
              {...form.register('headcount')}
              id={ids.headcount}
              aria-describedby={ids.hint}
              disabled={record.isPending || counts.length === 1}
              className={cn(fieldInputClasses, 'border-plum-200')}
            >
              {counts.map((count) => (
                <option key={count} value={String(count)}>
                  {count}
                </option>
              ))}
            </select>
            <p id={ids.hint} className="text-xs text-muted">
              {t('guestList.record.headcountHint', { count: guest.maxPlusOnes + 1 })}
            </p>
          </div>
        )}
        {record.isError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(errorMessageKey(record.error))}
          </p>
        )}
      </div>
      <footer className="flex flex-wrap gap-3 border-t border-plum-100 px-5 py-4 sm:px-6">
        {guest.state !== 'pending' && (
          <Button
            variant="ghost"
            onClick={() => void clear()}
            disabled={record.isPending}
            className="me-auto"
          >
            {t('guestList.record.clear')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} className="flex-1 sm:flex-none">
          {t('guestList.record.cancel')}
        </Button>
        <Button type="submit" pending={record.isPending} className="flex-1 sm:flex-none">
          {t('guestList.record.save')}
        </Button>
      </footer>
    </form>
  );
}
