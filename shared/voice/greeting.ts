import type { AddressForm } from '../cards/address-form.ts';
import type { Language } from '../i18n/languages.ts';

// The greeting's wording lives in shared/ because the server speaks it and the recipient page shows it as
// captions.

/**
 * "Hi {recipient}, {sender} made something for you" (DESIGN §1.5) as each language says it naturally. The
 * Arabic and Russian forms are chosen so that neither the sender's nor the recipient's gender has to be known:
 * Arabic "here is something special from…" has no gendered verb, and Russian uses the present tense, whose
 * verb does not change with gender as the past tense would. Russian speaks in the card's register ("ты" with
 * "Привет", "вы" with "Здравствуйте").
 */
export function greetingText(
  language: Language,
  recipientName: string,
  senderName: string,
  form: AddressForm,
): string {
  const recipient = recipientName.trim();
  const sender = senderName.trim();
  switch (language) {
    case 'ar':
      return `مرحباً يا ${recipient}! إليك شيء مميز من ${sender}.`;
    case 'ru':
      return form === 'formal'
        ? `Здравствуйте, ${recipient}! ${sender} дарит вам кое-что особенное.`
        : `Привет, ${recipient}! ${sender} дарит тебе кое-что особенное.`;
    default:
      return `Hi ${recipient}, ${sender} made something for you.`;
  }
}
