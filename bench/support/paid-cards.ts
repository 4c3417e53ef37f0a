import sharp from 'sharp';
import { signedInOwner } from '../../e2e/support/card-owner.ts';
import { firstTemplateId } from '../../e2e/support/guest-card.ts';

/**
 * Makes paid cards with a photo on a running server, one per visit: a plan's cards open on a limited number
 * of devices, and each fresh browser is one.
 */
export async function paidCardMaker(baseUrl: string): Promise<() => Promise<string>> {
  const owner = await signedInOwner(baseUrl);
  await owner.buyPremium();
  const templateId = await firstTemplateId(baseUrl);
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#e9c46a' } })
    .jpeg()
    .toBuffer();
  return async () => {
    const card = await owner.createCard(templateId, 'en', {
      message: 'Happy birthday, Bo! Have a wonderful day.',
    });
    await owner.putMedia(card.id, 'image', photo);
    return `${baseUrl}/c/${(await owner.unlock(card)).id}`;
  };
}
