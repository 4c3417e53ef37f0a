import type { AddedOccasion, OccasionMaterial } from './types.ts';

/**
 * English material for the occasions of weddings, homes, babies, retirements and invitations. A card to a
 * couple ("Jo & Sam") is said to both: `two(one, both)` gives the words for one recipient and for several,
 * and `onlyOne(words)` keeps a line away from a couple or a group.
 */

/** The words for one recipient, then for a couple or a group ("you" → "you both"). */
export const two = (one: string, both: string, many = both): string =>
  `<${one}|${one}|${one}|${both}|${many}>`;
/** A line that names one person ("one of my favourite people") is not said to a couple or a group. */
export const onlyOne = (words: string): string => `<${words}|${words}|${words}|!>`;

const youBoth = two('you', 'you both', 'you all');
const youTwo = two('you', 'the two of you', 'all of you');

export const specialOccasions: Record<AddedOccasion, OccasionMaterial> = {
  Wedding: {
    greetings: {
      warm: [
        'Congratulations on your wedding day[, {to}]!',
        `[{to}, ]wishing ${youBoth} all the happiness in the world on your wedding day!`,
      ],
      light: ['[{to}, ]you said yes — congratulations!', "Here's to the happy day[, {to}]!"],
      formal: [
        '[{to}, ]please accept my warmest congratulations on your marriage.',
        'Warmest congratulations on your wedding[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        `Today a beautiful story begins, and I feel so lucky to see ${youTwo} start it.`,
        'There is nothing quite like watching a love like yours become a promise for life.',
        `May your home always be full of laughter, patience and the kind of love that grows with every year.`,
      ],
      funny: [
        'Marriage: the art of finding one person to annoy for the rest of your life. Congratulations on finding yours!',
        'From now on, every argument about the thermostat is legally binding.',
        'Remember the secret to a long marriage: two remote controls.',
      ],
      formal: [
        'May your marriage be blessed with understanding, joy and lasting companionship.',
        'I wish you a lifetime of happiness together, built on respect, kindness and shared dreams.',
      ],
      casual: [
        'Time to dance, eat too much cake and celebrate like there is no tomorrow.',
        'What a day — enjoy every single moment of it.',
      ],
      romantic: [
        "Today I get to promise you forever, and I've never been more certain of anything.",
        'Marrying you is the best yes I will ever say.',
      ],
      sweet: [
        'Seeing you this happy fills my heart — you deserve every bit of it.',
        'Love looks wonderful on you, today and always.',
      ],
    },
    wishes: {
      warm: [
        'May your life together be long, kind and full of joy.',
        'Here is to a lifetime of love and adventures side by side.',
      ],
      light: ["Enjoy the party — you've earned the dance floor!", 'Cheers to forever, and to the cake!'],
      formal: ['With every good wish for your life together.', 'Wishing you a long and happy married life.'],
    },
  },
  Engagement: {
    greetings: {
      warm: [
        'Congratulations on your engagement[, {to}]!',
        `[{to}, ]I'm so happy for ${youBoth} — congratulations on your engagement!`,
      ],
      light: ['[{to}, ]a ring, a yes and a party — congratulations!', 'Look who got engaged[, {to}]!'],
      formal: [
        '[{to}, ]please accept my warm congratulations on your engagement.',
        'Congratulations on your engagement[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'What wonderful news — a promise like this is the start of something beautiful.',
        "I can't think of better news than love that has decided to stay.",
      ],
      funny: [
        `Congratulations on finding ${two('someone who laughs at your jokes', 'each other')}. That's rarer than a diamond.`,
        'Now begins the serious business of choosing a cake. Take your time; I volunteer as a taster.',
      ],
      formal: [
        'It is wonderful news, and I wish you every happiness as you plan your future together.',
        'May this engagement be the beginning of a long and joyful life together.',
      ],
      casual: [
        'Huge news! I hope you are celebrating properly.',
        'So happy for you — now show me that ring.',
      ],
      romantic: [
        'Saying yes to you was the easiest decision of my life.',
        "I can't wait to spend the rest of my life keeping this promise to you.",
      ],
      sweet: [
        'Seeing you this happy makes my whole heart smile.',
        'This is the sweetest news, and you deserve every bit of joy it brings.',
      ],
    },
    wishes: {
      warm: [
        'May the road to the wedding be full of joy, and the years after it even more.',
        'Wishing you a lifetime of love and laughter together.',
      ],
      light: ['Save me a seat at the wedding!', "Here's to the happy couple — cheers!"],
      formal: ['With every good wish for your future together.', 'Wishing you great happiness ahead.'],
    },
  },
  Anniversary: {
    greetings: {
      warm: ['Happy anniversary[, {to}]!', `[{to}, ]wishing ${youBoth} a very happy anniversary!`],
      light: ['Happy anniversary[, {to}]!', "[{to}, ]another year together — let's celebrate!"],
      formal: [
        '[{to}, ]warmest congratulations on your anniversary.',
        'Please accept my best wishes on your anniversary[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'A love that keeps growing, year after year, is one of the most beautiful things there is.',
        'Every year you share is proof that the best things are built with patience and kindness.',
      ],
      funny: [
        'Another year of choosing the same person every morning. Impressive stamina.',
        'Congratulations on another year of sharing the duvet. Mostly fairly.',
      ],
      formal: [
        'An anniversary is a fine moment to celebrate the years behind you and those still to come.',
        'May the years ahead bring you as much happiness as the ones you have shared.',
      ],
      casual: [
        'Time to celebrate another year of being a brilliant team.',
        'Hope you treat yourselves to something special today.',
      ],
      romantic: [
        'Every year with you has been my favourite year, and I want a hundred more.',
        'I would choose you again, every day, for all the years to come.',
      ],
      sweet: [
        'The love you share makes everyone around you a little happier.',
        'You make love look easy, and that is a gift to everyone who knows you.',
      ],
    },
    wishes: {
      warm: [
        'May the years ahead be even brighter than the ones behind you.',
        'Here is to many more happy years together.',
      ],
      light: ['Here is to the next year — and the cake.', 'Cheers to many more!'],
      formal: ['With warm wishes for many more happy years.', 'Wishing you continued happiness together.'],
    },
  },
  'Holiday/Eid al-Adha': {
    greetings: {
      warm: ['Eid al-Adha Mubarak[, {to}]!', '[{to}, ]wishing you a blessed Eid al-Adha!'],
      light: ['Eid Mubarak[, {to}]!', 'Happy Eid al-Adha[, {to}]!'],
      formal: [
        'Eid al-Adha Mubarak[, {to}].',
        '[{to}, ]please accept my warm wishes on the blessed occasion of Eid al-Adha.',
      ],
    },
    body: {
      heartfelt: [
        'May this blessed Eid fill your home with peace and your heart with gratitude.',
        'On this day of sacrifice and sharing, I am thankful for the good you bring to everyone around you.',
      ],
      funny: [
        'May your plate be full, your family gathering be loud and your nap after lunch be long.',
        'Eid rules: eat well, visit everyone and never refuse a second helping.',
      ],
      formal: [
        'May this blessed occasion bring you and your family peace, health and prosperity.',
        'I wish you a blessed Eid al-Adha in the company of those dear to you.',
      ],
      casual: [
        'Hope your Eid is full of family, good food and lots of visits.',
        'Enjoy the feast, the family and every happy moment.',
      ],
      romantic: [
        'Every blessing feels bigger when I share it with you.',
        'This Eid, I am most thankful for you.',
      ],
      sweet: [
        `May Allah reward your generous ${two('heart', 'hearts')} with happiness this Eid.`,
        'You give so much to everyone around you — may it all come back to you today.',
      ],
    },
    wishes: {
      warm: [
        'May Allah accept your sacrifice and bless you with happiness.',
        'Wishing you a joyful Eid and many blessed years to come.',
      ],
      light: ['Eat well and celebrate hard!', 'Enjoy every bite!'],
      formal: ['With warm wishes for a blessed Eid.', 'Wishing you and your family a joyful celebration.'],
    },
  },
  'Baby Shower': {
    greetings: {
      warm: ['[{to}, ]congratulations — your little one is almost here!', 'Happy baby shower[, {to}]!'],
      light: ['The countdown is on[, {to}]!', 'Happy baby shower[, {to}]!'],
      formal: [
        '[{to}, ]warmest wishes as you prepare to welcome your baby.',
        'Congratulations on the baby on the way[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'Your baby is already so loved, and they have not even arrived yet.',
        'A whole new chapter is about to begin, and I know it will be full of love.',
      ],
      funny: [
        'Enjoy the last weeks of sleeping in. I say this with love and deep sympathy.',
        'Soon someone very small will be in charge of your whole house. Good luck!',
      ],
      formal: [
        'I wish you good health and every happiness in the weeks ahead.',
        'May the arrival of your little one be joyful and your family be blessed.',
      ],
      casual: [
        'Tiny socks, tiny hats and one very big adventure — so exciting!',
        "I can't wait to meet the little one.",
      ],
      romantic: [
        "I can't wait to meet our baby and to watch you become the parent I know you'll be.",
        'Our little family is about to grow, and I love you more every day.',
      ],
      sweet: [
        `Your little one is lucky to be on the way to ${onlyOne('someone as caring as you')}.`,
        'So much love is waiting for this baby, and a lot of it comes from you.',
      ],
    },
    wishes: {
      warm: [
        'Wishing you an easy arrival and a lifetime of happy moments together.',
        'May your baby arrive safe and sound into a home full of love.',
      ],
      light: ['Rest now — you will thank me later!', 'Stock up on coffee and enjoy the last quiet days.'],
      formal: [
        'With every good wish for a safe arrival.',
        'Wishing you and your growing family good health and happiness.',
      ],
    },
  },
  'Bridal Shower': {
    greetings: {
      warm: ['Happy bridal shower[, {to}]!', '[{to}, ]the big day is almost here!'],
      light: ['[{to}, ]let the countdown begin!', `${onlyOne('Bride-to-be')}[, {to}], this one is for you!`],
      formal: [
        '[{to}, ]warmest wishes as you prepare for your wedding.',
        'Best wishes on your bridal shower[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'Watching you get ready for this new chapter fills my heart.',
        'Your wedding is almost here, and I could not be happier for you.',
      ],
      funny: [
        'Enjoy the shower — the last party before the seating plan takes over your life.',
        'Remember: the cake tasting is not optional. Do it properly, and do it twice.',
      ],
      formal: [
        'I wish you a joyful celebration and every happiness in the weeks before your wedding.',
        'May the days ahead be calm, happy and full of good company.',
      ],
      casual: [
        'Time to eat cake, open presents and be spoiled by everyone.',
        'Enjoy the fuss — today it is all about you.',
      ],
      romantic: [
        "I can't wait to see you walking towards me.",
        'Only a few more days until I get to marry you.',
      ],
      sweet: [
        'You deserve every bit of love and fuss coming your way.',
        'Seeing you this happy makes my heart so full.',
      ],
    },
    wishes: {
      warm: [
        'May your wedding be as beautiful as the love behind it.',
        'Wishing you a wonderful day and a happy life together.',
      ],
      light: ['Have a blast — the wedding is next!', 'Enjoy every minute and every slice of cake!'],
      formal: ['With every good wish for your wedding.', 'Wishing you a joyful wedding and a happy future.'],
    },
  },
  Housewarming: {
    greetings: {
      warm: ['Congratulations on your new home[, {to}]!', '[{to}, ]welcome home!'],
      light: ['New keys, new home[, {to}]!', 'Happy housewarming[, {to}]!'],
      formal: ['[{to}, ]warm congratulations on your new home.', 'Best wishes on your new home[, {to}].'],
    },
    body: {
      heartfelt: [
        'May your new home be full of warmth, laughter and people who love you.',
        'A house becomes a home with the people in it, and yours is already lucky.',
      ],
      funny: [
        'Congratulations on finding a place big enough for all your things. For now.',
        'May your Wi-Fi be strong, your neighbours quiet and your boxes unpacked by next year.',
      ],
      formal: [
        'I hope your new home brings you comfort, happiness and many good years.',
        'May your new home be a place of rest and good company.',
      ],
      casual: [
        'Time to unpack, order a pizza and enjoy your new place.',
        "I can't wait to come round and see it.",
      ],
      romantic: [
        'Any place is home as long as I am there with you.',
        "Our new home already feels perfect, because you're in it.",
      ],
      sweet: [
        `Your new home is lucky to have ${onlyOne('someone as kind as you')} in it.`,
        'I hope every room is soon full of happy memories.',
      ],
    },
    wishes: {
      warm: [
        'May your new home bring you happiness for years to come.',
        'Wishing you many happy days there.',
      ],
      light: ['Enjoy the new place — and the first night without boxes!', "I'll bring the snacks!"],
      formal: ['With every good wish for your new home.', 'Wishing you many happy years there.'],
    },
  },
  Retirement: {
    greetings: {
      warm: ['Happy retirement[, {to}]!', '[{to}, ]congratulations on your retirement!'],
      light: ['[{to}, ]no more alarm clocks!', 'Happy retirement[, {to}]!'],
      formal: [
        '[{to}, ]please accept my warmest congratulations on your retirement.',
        'Congratulations on your well-earned retirement[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'After all your years of hard work, you have earned every day of rest and joy ahead.',
        `You have given so much to your work; now it is time to give ${two('yourself', 'yourselves')} the time you deserve.`,
      ],
      funny: [
        'Retirement: when every day is Saturday and Sunday is a bonus.',
        'No more meetings that could have been an email. Enjoy it!',
      ],
      formal: [
        'Your dedication and experience will be remembered for a long time.',
        'I wish you a long, healthy and rewarding retirement.',
      ],
      casual: [
        'Time to sleep in, travel and do whatever you like.',
        'Enjoy the long mornings and the empty calendar.',
      ],
      romantic: [
        'I cannot wait to have you all to myself, every single day.',
        'Our next adventure starts now, and I am so glad I get to share it with you.',
      ],
      sweet: [
        'You have worked so hard for so long — you deserve every peaceful morning ahead.',
        'I hope this new chapter is full of the things that make you happiest.',
      ],
    },
    wishes: {
      warm: [
        'May this new chapter be full of health, rest and happy surprises.',
        'Here is to the adventures still ahead of you.',
      ],
      light: ['Enjoy the freedom — and the naps!', 'Go enjoy every lazy morning!'],
      formal: [
        'With every good wish for a happy retirement.',
        'Wishing you health and happiness in the years ahead.',
      ],
    },
  },
  Invitation: {
    greetings: {
      warm: ["[{to}, ]you're invited!", "You're warmly invited[, {to}]!"],
      light: ["[{to}, ]you're invited!", 'Save the date[, {to}]!'],
      formal: ['[{to}, ]you are cordially invited.', 'It is my pleasure to invite you[, {to}].'],
    },
    body: {
      heartfelt: [
        'It would mean so much to have you with us[ for {what}][ on {when}][ at {where}].',
        'I would love you to join us[ for {what}][ on {when}][ at {where}].',
      ],
      funny: [
        'There will be food, good company and possibly dancing[ at {what}][ on {when}][ at {where}].',
        'Clear your calendar[ for {what}][: {when}][ at {where}]. Excuses will not be accepted.',
      ],
      formal: [
        'I would be delighted if you could join us[ for {what}][ on {when}][ at {where}].',
        'Please join us[ for {what}][ on {when}][ at {where}].',
      ],
      casual: [
        'Come and join us[ for {what}][ on {when}][ at {where}].',
        "We're getting together[ for {what}][ on {when}][ at {where}], and it won't be the same without you.",
      ],
      romantic: [
        'I would love to have you by my side[ for {what}][ on {when}][ at {where}].',
        'Save me a dance[ at {what}][ on {when}][ at {where}].',
      ],
      sweet: [
        'It would make my day to see you[ at {what}][ on {when}][ at {where}].',
        'I would love you to come[ to {what}][ on {when}][ at {where}].',
      ],
    },
    wishes: {
      warm: [
        'Please let me know if you can come — I really hope you can.',
        'Let me know if you can make it.',
      ],
      light: ['Let me know if you can make it!', 'Tell me you are coming!'],
      formal: ['Kindly let me know whether you will be able to attend.', 'I look forward to your reply.'],
    },
  },
};
