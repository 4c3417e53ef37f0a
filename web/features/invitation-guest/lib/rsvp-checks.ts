import {
  openRsvpInputSchema,
  rsvpInputSchema,
  rsvpIssue,
  type RsvpValues,
} from '../../../../shared/invitations/guests.contract.ts';
import {
  fieldOf,
  issueKey,
  rsvpInputOf,
  type FieldIssues,
  type ReplyRules,
  type RsvpFormValues,
} from './rsvp-answer.ts';

/**
 * What keeps the reply from being sent, field by field, as the server would refuse it: the shared contract
 * (`rsvpInputSchema`, with the name for the open link) and `rsvpIssue` (plus-ones, choices). Empty when it may
 * be sent.
 */
export function replyIssues(values: RsvpFormValues, rules: ReplyRules): FieldIssues {
  const issues: FieldIssues = {};
  if (values.status === '') issues.status = 'invitation.rsvp.errors.status-required';
  // Before a status is chosen, the fields a status shows are not there to check.
  const input = rsvpInputOf({ ...values, status: values.status || 'no' }, rules);
  const parsed = rules.withName
    ? openRsvpInputSchema.safeParse({ ...input, name: values.name })
    : rsvpInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      issues[field] ??= issueKey(field, issue.message, issue.code);
    }
    return issues;
  }
  if (values.status === '') return issues;
  const answer: RsvpValues = parsed.data;
  const refused = rsvpIssue(answer, { questions: rules.questions }, rules.maxPlusOnes);
  if (refused) {
    const field = fieldOf(refused.path);
    issues[field] ??= issueKey(field, refused.message);
  }
  return issues;
}
