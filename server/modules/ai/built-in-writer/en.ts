import type { Occasion } from '../../../../shared/ai/ai-message.contract.ts';
import { readEnglishDetails } from './en-reader.ts';
import { onlyOne, specialOccasions, two } from './en-occasions.ts';
import type { AddedOccasion, LanguageMaterial, OccasionMaterial } from './types.ts';

/** English: the material, and the reading of details typed in English ("she loves hiking" → "you love hiking"). */

const everydayOccasions: Record<Exclude<Occasion, AddedOccasion>, OccasionMaterial> = {
  Birthday: {
    greetings: {
      warm: [
        'Happy birthday[, {to}]!',
        '[{to}, ]wishing you the happiest of birthdays!',
        `[{to}, ]happy birthday to ${onlyOne('one of my favourite people')}!`,
      ],
      light: [
        'Happy birthday[, {to}]!',
        "[{to}, ]it's your big day!",
        "Guess who's the star of the day[, {to}]?",
      ],
      formal: [
        '[{to}, ]please accept my warmest wishes on your birthday.',
        'Many happy returns of the day[, {to}].',
        'I wish you a very happy birthday[, {to}].',
      ],
    },
    body: {
      heartfelt: [
        'Another year of you is a gift to everyone lucky enough to know you.',
        'I hope today reminds you how much you are loved and how much brighter the world is with you in it.',
        "Birthdays are a good excuse to say what I don't say often enough: you matter more than you know.",
      ],
      funny: [
        "Don't worry about the candles — the fire brigade has been notified and is standing by.",
        "You're not getting older, you're becoming a classic. Like cheese. Or a very good sofa.",
        'I thought long and hard about the perfect gift, then remembered you already have me.',
      ],
      formal: [
        'I hope the day brings you a well-deserved pause and the company of the people who matter most to you.',
        'May the year ahead bring you good health, success and many reasons to celebrate.',
      ],
      casual: [
        'Hope your day is packed with cake, good people and zero responsibilities.',
        'Today you get to eat something ridiculous, ignore your phone and let everyone spoil you.',
        'Time to kick back, grab the biggest slice and enjoy every minute.',
      ],
      romantic: [
        "Every year with you is my favourite year so far, and I can't wait to see what this one brings us.",
        "I fall for you a little more every birthday — I'm starting to think it's a pattern.",
        'Of all the days in the year, this is the one I am most thankful for, because it gave me you.',
      ],
      sweet: [
        'You have a way of making everyone around you feel cared for, and today it is your turn.',
        "The world is a softer, kinder place because you're in it — I hope you feel that today.",
      ],
    },
    wishes: {
      warm: [
        'May this year bring you everything your heart has been hoping for.',
        "Here's to a year full of joy, good health and beautiful surprises.",
      ],
      light: [
        "Enjoy every crumb of the cake — calories don't count today.",
        "Go celebrate like nobody's counting the candles.",
      ],
      formal: ['Wishing you a wonderful year ahead.', 'With every good wish for the year to come.'],
    },
  },
  Graduation: {
    greetings: {
      warm: [
        'Congratulations on your graduation[, {to}]!',
        `[{to}, ]you did it — congratulations, ${two('graduate', 'graduates')}!`,
      ],
      light: [
        `Look who's ${onlyOne('a graduate')}[, {to}]!`,
        '[{to}, ]you did it!',
        'Hats off to you[, {to}]!',
      ],
      formal: [
        'Congratulations on your graduation[, {to}].',
        '[{to}, ]please accept my sincere congratulations on your graduation.',
      ],
    },
    body: {
      heartfelt: [
        "All those late nights and all that hard work led to this moment, and you've earned every bit of it.",
        'Watching you reach this milestone fills me with pride — you kept going, even when it was hard.',
        "This diploma proves what I've always known: you can do anything you set your mind to.",
      ],
      funny: [
        'You survived exams, deadlines and an alarming amount of instant noodles. Truly heroic.',
        'Finally, a piece of paper that proves you are clever. The rest of us just took your word for it.',
        "Congratulations on swapping 'student' for 'adult'. The snacks are worse, but the freedom is great.",
      ],
      formal: [
        'Your dedication and perseverance have truly paid off.',
        'This achievement reflects years of commitment, and it opens the door to a promising future.',
      ],
      casual: [
        'Time to throw that cap in the air and celebrate properly.',
        "No more exams — go enjoy it, you've earned the break.",
      ],
      romantic: [
        "I've watched you work so hard for this, and I've never been prouder to be yours.",
        'Every late night you studied, I fell for your determination a little more.',
      ],
      sweet: [
        'Seeing you reach this moment makes my heart so full.',
        'You worked so hard for this, and you deserve every bit of happiness it brings.',
      ],
    },
    wishes: {
      warm: [
        'May this be the first of many dreams you make come true.',
        'The world is lucky to have you — go and show it what you can do.',
      ],
      light: [
        'Now go conquer the world — but maybe take a nap first.',
        "The future is wide open, so don't forget to enjoy the ride.",
      ],
      formal: ['I wish you every success in the next chapter.', 'Wishing you a bright and rewarding future.'],
    },
  },
  "Valentine's Day": {
    greetings: {
      warm: [
        "Happy Valentine's Day[, {to}]!",
        "[{to}, ]sending you a little extra warmth this Valentine's Day.",
      ],
      light: ["Happy Valentine's Day[, {to}]!", 'Happy Heart Day[, {to}]!'],
      formal: [
        "Wishing you a pleasant Valentine's Day[, {to}].",
        "[{to}, ]warm wishes to you on Valentine's Day.",
      ],
    },
    body: {
      heartfelt: [
        "Today is about love in every form, and you've brought so much of it into my life.",
        "Valentine's Day is a good excuse to say it plainly: I'm so glad you're in my life.",
      ],
      funny: [
        'Roses are red, violets are blue, this card was expensive, so every word must be true.',
        "I'd give you my last chocolate. Well, my second-to-last. Let's not get carried away.",
      ],
      formal: [
        `It is a fine occasion to appreciate the people who make a difference, and you are certainly ${two('one of them', 'among them')}.`,
        'I hope the day brings you warmth and good company.',
      ],
      casual: [
        'Hope your day is full of chocolate, good vibes and people who adore you.',
        "Grab the chocolates and enjoy — today's all about the sweet stuff.",
      ],
      romantic: [
        'You are my favourite hello and my hardest goodbye.',
        "Every day with you feels like Valentine's Day, but today I get to say it out loud: I love you.",
        'My heart is yours, today and every day after.',
      ],
      sweet: [
        'You make the world a warmer place just by being in it.',
        "I couldn't let today pass without telling you how much you mean to me.",
      ],
    },
    wishes: {
      warm: [
        'May your day be as full of warmth as you make the lives around you.',
        'Wishing you a day wrapped in kindness.',
      ],
      light: [
        'Enjoy the chocolates — all of them.',
        `Go treat ${two('yourself', 'yourselves')} to something sweet. You deserve it.`,
      ],
      formal: ['With warm wishes for a pleasant day.', 'Wishing you a day filled with good cheer.'],
    },
  },
  'Holiday/Christmas': {
    greetings: {
      warm: ['Merry Christmas[, {to}]!', '[{to}, ]wishing you a Christmas full of warmth and joy!'],
      light: ['Merry Christmas[, {to}]!', 'Ho ho ho[, {to}]!'],
      formal: ["Season's greetings[, {to}].", '[{to}, ]I wish you a merry Christmas and a happy New Year.'],
    },
    body: {
      heartfelt: [
        'Christmas always makes me think of the people who make my life brighter, and you are right at the top of that list.',
        'I hope the holidays wrap you in warmth, laughter and the quiet joy of being with the people you love.',
      ],
      funny: [
        'May your cookies be plentiful and your family debates brief.',
        "I've checked the list twice: you're definitely on the nice side. Mostly.",
      ],
      formal: [
        'I hope the festive season brings you rest, joy and time with those closest to you.',
        'As the year draws to a close, I would like to thank you and wish you a peaceful holiday season.',
      ],
      casual: [
        'Hope your holidays are full of good food, cosy socks and zero stress.',
        'Time for mince pies, old films and long lie-ins — enjoy every minute.',
      ],
      romantic: [
        "Of all the lights this season, you're still the brightest one in my life.",
        'All I want for Christmas is you — and a cosy evening by the tree.',
      ],
      sweet: [
        "You bring so much warmth to everyone around you — it feels like Christmas whenever you're near.",
        "Of all the gifts this year, having you in my life is the one I'm most thankful for.",
      ],
    },
    wishes: {
      warm: [
        'May the new year bring you peace, health and many happy moments.',
        'Wishing you a season full of warmth and a new year full of joy.',
      ],
      light: [
        "Eat all the cookies and don't count a single one.",
        "Here's to a merry Christmas and a new year with fewer emails.",
      ],
      formal: [
        'With best wishes for a happy and healthy New Year.',
        'Wishing you a peaceful holiday season and a successful year ahead.',
      ],
    },
  },
  'Holiday/Halloween': {
    greetings: {
      warm: ['Happy Halloween[, {to}]!', '[{to}, ]wishing you a magical Halloween!'],
      light: ['Boo! Happy Halloween[, {to}]!', 'Happy haunting[, {to}]!'],
      formal: ['Happy Halloween[, {to}].', '[{to}, ]warm wishes for a pleasant Halloween.'],
    },
    body: {
      heartfelt: [
        'Even on the spookiest night of the year, thinking of you makes me smile.',
        `Halloween is more fun with people who make you laugh until you scream, and you are ${two('one of them', 'among them')}.`,
      ],
      funny: [
        'May your candy bowl stay full and your ghosts stay friendly.',
        "Remember: calories from stolen candy don't count. That's just science.",
        'If a ghost knocks tonight, tell it I sent you. We go way back.',
      ],
      formal: [
        'I hope the evening brings you good fun and plenty of treats.',
        'May your Halloween be full of treats and free of tricks.',
      ],
      casual: [
        'Hope your night is full of candy, costumes and just the right amount of spooky.',
        'Grab a pumpkin, light the candles and have a wickedly fun night.',
      ],
      romantic: [
        "You're the only one I'd share my last piece of candy with — that's how I know it's love.",
        'Scary films are so much better when I get to hold your hand.',
      ],
      sweet: [
        'You make even the spookiest night feel warm and cosy.',
        'Sending you treats, no tricks, and a big helping of warmth.',
      ],
    },
    wishes: {
      warm: [
        'Have a magical night full of treats.',
        'May your evening be full of laughter and friendly ghosts.',
      ],
      light: ['Stay spooky!', 'Have a fang-tastic night!'],
      formal: ['Wishing you an enjoyable evening.', 'With best wishes for a pleasant Halloween.'],
    },
  },
  'Holiday/Ramadan': {
    greetings: {
      warm: ['Ramadan Kareem[, {to}]!', '[{to}, ]wishing you a blessed Ramadan!'],
      light: ['Ramadan Mubarak[, {to}]!', 'Ramadan Kareem[, {to}]!'],
      formal: ['Ramadan Kareem[, {to}].', '[{to}, ]please accept my warmest wishes for a blessed Ramadan.'],
    },
    body: {
      heartfelt: [
        'May this blessed month fill your heart with peace and your home with light.',
        'I hope these days of reflection bring you closer to everything that matters most.',
        'May every fast be accepted and every prayer answered.',
      ],
      funny: [
        'May your iftars be delicious and your patience with hungry people even stronger.',
        'May your dates be sweet, your tea be strong and the hours until iftar fly by.',
      ],
      formal: [
        'May this holy month bring you peace, health and blessings.',
        'I wish you and your family a peaceful and meaningful month of fasting and reflection.',
      ],
      casual: [
        'Hope your iftars are full of good food and even better company.',
        'Wishing you easy fasts, cosy evenings and plenty of dates.',
      ],
      romantic: [
        'Sharing this blessed month with you makes every iftar feel like a gift.',
        'Breaking the fast is sweetest when you are sitting across the table from me.',
      ],
      sweet: [
        'May this month bring you the same kindness you give to everyone around you.',
        'You have such a generous heart — may this Ramadan bless you many times over.',
      ],
    },
    wishes: {
      warm: [
        'May Allah accept your fasting and your prayers.',
        'Wishing you a month full of peace, mercy and blessings.',
      ],
      light: ['Happy fasting — and happy feasting!', 'Save me a seat at iftar!'],
      formal: [
        'With best wishes for a blessed month.',
        'May the month bring peace and blessings to you and your family.',
      ],
    },
  },
  'Holiday/Eid': {
    greetings: {
      warm: ['Eid Mubarak[, {to}]!', '[{to}, ]wishing you a joyful Eid!'],
      light: ['Eid Mubarak[, {to}]!', 'Happy Eid[, {to}]!'],
      formal: [
        'Eid Mubarak[, {to}].',
        '[{to}, ]please accept my warm wishes on the blessed occasion of Eid.',
      ],
    },
    body: {
      heartfelt: [
        'May this Eid fill your home with happiness and your heart with peace.',
        "On this blessed day, I'm thinking of you and thankful for the joy you bring into my life.",
      ],
      funny: [
        'May your plate be full, your sweets be endless and your Eidi generous.',
        'Time to put on your best outfit and eat your weight in sweets. Eid rules.',
      ],
      formal: [
        'May this joyous occasion bring you and your family peace, prosperity and happiness.',
        'I wish you a blessed celebration in the company of those dear to you.',
      ],
      casual: [
        'Hope your Eid is full of family, feasts and far too many sweets.',
        'Enjoy the food, the visits and every single sweet.',
      ],
      romantic: [
        'Every celebration is brighter with you beside me, and Eid most of all.',
        'My favourite blessing this Eid is you.',
      ],
      sweet: [
        'You bring so much happiness to everyone around you — may it all come back to you today.',
        'May today be as bright and generous as your heart.',
      ],
    },
    wishes: {
      warm: [
        'May Allah bless you with happiness and good health, today and always.',
        'Wishing you a joyful Eid and many blessed years to come.',
      ],
      light: ['Eat well and celebrate hard!', 'Enjoy every bite!'],
      formal: ['With warm wishes for a blessed Eid.', 'Wishing you and your family a joyful celebration.'],
    },
  },
  'Thank You': {
    greetings: {
      warm: ['Thank you[, {to}]!', "[{to}, ]I can't thank you enough."],
      light: ['Thanks a million[, {to}]!', `[{to}, ]you're ${two('a star', 'stars')}!`],
      formal: ['Thank you[, {to}].', '[{to}, ]please accept my sincere thanks.'],
    },
    body: {
      heartfelt: [
        "Your kindness meant more to me than you'll ever know, and I won't forget it.",
        "You showed up when it mattered most, and that's something I'll always be grateful for.",
      ],
      funny: [
        "I'd bake you a cake to say thanks, but I like you too much to do that to you.",
        'On a scale from one to ten, your help was an eleven. Maybe a twelve.',
      ],
      formal: [
        'I truly appreciate your help and the time you so generously gave.',
        'Your support made a real difference, and I am very grateful.',
      ],
      casual: [
        'You really came through for me, and I owe you one. Big time.',
        'Seriously, thank you. You made things so much easier.',
      ],
      romantic: [
        'Thank you for every little thing you do, and for loving me the way you do.',
        'You take care of my heart better than anyone ever has.',
      ],
      sweet: [
        "You have the kindest heart, and I'm so grateful for everything you do.",
        'Your thoughtfulness never goes unnoticed — thank you for being you.',
      ],
    },
    wishes: {
      warm: [
        "I hope you know how much you're appreciated.",
        'I hope kindness finds its way back to you, as it always should.',
      ],
      light: [
        'The next coffee is on me — maybe the next ten.',
        `Consider ${two('yourself', 'yourselves')} officially appreciated.`,
      ],
      formal: ['With sincere appreciation.', 'Thank you once again for everything.'],
    },
  },
  Congratulations: {
    greetings: {
      warm: ['Congratulations[, {to}]!', "[{to}, ]I'm so happy for you!"],
      light: ['Way to go[, {to}]!', 'Look at you go[, {to}]!'],
      formal: ['Congratulations[, {to}].', '[{to}, ]please accept my warmest congratulations.'],
    },
    body: {
      heartfelt: [
        'You worked so hard for this, and seeing it all come together makes me so happy for you.',
        "Nobody deserves this more than you — you've poured your heart into it.",
      ],
      funny: [
        "I always knew you'd make it. I just didn't say so, in case it went to your head.",
        'Please remember us little people now that you are a big success.',
      ],
      formal: [
        'This is a well-deserved achievement and a testament to your dedication.',
        'Your hard work and commitment have clearly paid off.',
      ],
      casual: [
        'This calls for a celebration — and I expect an invitation.',
        'Big news, and so well deserved. Time to pop something fizzy.',
      ],
      romantic: [
        "I'm so proud to be yours, and even prouder to watch you shine.",
        'Every success of yours feels like mine, because you are my whole heart.',
      ],
      sweet: [
        'Seeing you this happy is the best news I could have asked for.',
        'You deserve every good thing coming your way, and so much more.',
      ],
    },
    wishes: {
      warm: [
        "Here's to this success and the many more still ahead of you.",
        'May this be just the beginning of something wonderful.',
      ],
      light: ["Now go celebrate — you've earned it!", 'Onwards and upwards!'],
      formal: ['I wish you continued success.', 'With best wishes for everything that lies ahead.'],
    },
  },
  'New Baby': {
    greetings: {
      warm: [
        'Congratulations on your new arrival[, {to}]!',
        '[{to}, ]congratulations on your beautiful baby!',
      ],
      light: [
        'Congratulations[, {to}] — the tiny boss has arrived!',
        'Welcome to the sleepless club[, {to}]!',
      ],
      formal: [
        'Congratulations on the birth of your baby[, {to}].',
        '[{to}, ]warmest congratulations on the arrival of your little one.',
      ],
    },
    body: {
      heartfelt: [
        "Your little one is so lucky to have you, and I can't wait to watch them grow.",
        "There's nothing quite like the love that comes with a new baby, and I'm so happy for you.",
      ],
      funny: [
        `Sleep is overrated anyway. At least that's what you'll be telling ${two('yourself', 'yourselves')} for the next few months.`,
        'Congratulations on your new roommate: terrible at chores, brilliant at cuteness.',
      ],
      formal: [
        'I was delighted to hear the wonderful news and wish your family every happiness.',
        'May your little one bring you great joy, and good health to all of you.',
      ],
      casual: [
        'Enjoy the tiny socks, the baby smell and every sleepy cuddle.',
        "So happy for you all — I can't wait to meet the little one.",
      ],
      romantic: [
        'Watching you become a parent has made me love you more than I thought possible.',
        'Our little one is lucky to have you, and so am I.',
      ],
      sweet: [
        'Your little one is already surrounded by so much love, and that is all thanks to you.',
        "I can't wait to see you with your baby — they have the best family in the world.",
      ],
    },
    wishes: {
      warm: [
        'Wishing your family health, happiness and lots of cuddles.',
        'May your baby grow up surrounded by laughter and kindness.',
      ],
      light: ['Sleep when the baby sleeps — ha, good luck!', 'Stock up on coffee and enjoy every moment.'],
      formal: [
        'With best wishes to your growing family.',
        'Wishing you and your little one good health and happiness.',
      ],
    },
  },
  'Get Well Soon': {
    greetings: {
      warm: [
        'Get well soon[, {to}].',
        "[{to}, ]I hope you're feeling a little better today.",
        'Thinking of you[, {to}].',
      ],
      light: ['Get well soon[, {to}]!', '[{to}, ]get better quick, okay?'],
      formal: ['[{to}, ]I was sorry to hear you are unwell.', 'Wishing you a speedy recovery[, {to}].'],
    },
    body: {
      heartfelt: [
        "I'm sorry you're going through this, and I'm here for whatever you need.",
        'Take all the time you need to rest — everything else can wait.',
        `Please be gentle with ${two('yourself', 'yourselves')}; healing takes time, and you don't have to be strong every minute.`,
      ],
      funny: [
        "Doctor's orders: lots of rest, plenty of snacks and unlimited bad TV.",
        "Being ill is the only time you're officially allowed to do nothing. Make the most of it.",
        'Please get better soon — nobody else laughs at my jokes.',
      ],
      formal: [
        'I hope you are getting the rest and care you need.',
        'Please take the time you need to recover; your health comes first.',
      ],
      casual: [
        'Rest up, drink your tea and let someone else do the dishes for a while.',
        "Take it easy and don't rush back — everything else can wait.",
      ],
      romantic: [
        "It's hard seeing you unwell, so let me take care of you for a change.",
        "I'll bring the soup, the blankets and all the kisses you need to feel better.",
      ],
      sweet: [
        `Sending you the biggest, gentlest hug until you're feeling like ${two('yourself', 'yourselves')} again.`,
        'I wish I could take the aches away; until then, know how much you are cared for.',
      ],
    },
    wishes: {
      warm: [
        'I hope each day brings you a little more strength.',
        'Sending you healing thoughts and a warm hug.',
      ],
      light: ["Come back soon — it's far too quiet without you.", 'Feel better fast, okay?'],
      formal: ['Wishing you a full and speedy recovery.', 'With best wishes for your good health.'],
    },
  },
  'Just Because': {
    greetings: {
      warm: ['[{to}, ]I was just thinking of you.', 'Hello[, {to}] — no occasion, just you.'],
      light: ['Hey[ {to}]!', 'Surprise[, {to}]!'],
      formal: ['[{to}, ]I hope this note finds you well.', 'Hello[, {to}].'],
    },
    body: {
      heartfelt: [
        'There is no special occasion for this card — I just wanted you to know how much you mean to me.',
        'Sometimes the best reason to say something kind is no reason at all.',
      ],
      funny: [
        "This card isn't for your birthday, and nobody is in trouble. I just like you.",
        "Scientists agree that random cards improve your day by at least 37 percent. I'm just doing my part.",
      ],
      formal: [
        'I simply wanted to take a moment to express my appreciation.',
        'I wanted to send a brief note to wish you well.',
      ],
      casual: [
        'No reason, no occasion — just saying hi and sending good vibes.',
        "Something reminded me of you today, so here's a little hello.",
      ],
      romantic: [
        "I don't need a reason to tell you I love you, but here's a card anyway.",
        'You crossed my mind again today. You do that a lot.',
      ],
      sweet: [
        'You crossed my mind today, and it made me smile.',
        'Just a little reminder that you are cared for, today and every day.',
      ],
    },
    wishes: {
      warm: [
        'I hope your day is as kind to you as you are to others.',
        'I hope today brings you something to smile about.',
      ],
      light: ['Have a great day — you deserve it.', 'Go do something fun today!'],
      formal: ['Wishing you all the best.', 'With best wishes for the days ahead.'],
    },
  },
};

export const english: LanguageMaterial = {
  salutations: {
    warm: ['', '', 'Dear {to},'],
    light: [''],
    formal: ['Dear {to},', ''],
    romantic: ['My love,', 'My darling {to},', 'Dearest {to},', ''],
  },
  occasions: {
    ...everydayOccasions,
    ...specialOccasions,
  },
  relations: {
    partner: {
      warm: ["Loving you is the easiest thing I've ever done.", "I'd choose you again, every single time."],
      light: [
        'Thanks for putting up with me — I know it is a full-time job.',
        `You're still my favourite ${two('person', 'people')} to do absolutely nothing with.`,
      ],
      formal: [
        'I am grateful every day to share my life with you.',
        'Sharing my life with you remains my greatest privilege.',
      ],
    },
    parent: {
      warm: [
        'Everything good in me started with you.',
        "Thank you for every sacrifice I noticed — and all the ones I didn't.",
      ],
      light: [
        'I turned out pretty great, so clearly you did something right.',
        "Thanks for raising me — I know I didn't make it easy.",
      ],
      formal: [
        'I am deeply grateful for everything you have done for me.',
        'Your example continues to guide me every day.',
      ],
    },
    child: {
      warm: [
        'Watching you grow into who you are has been the greatest joy of my life.',
        'You are the best <son|daughter|child|children|children> anyone could wish for.',
        "I'm so proud of you — not just for what you do, but for who you are.",
      ],
      light: [
        `You'll always be my ${two('kid', 'kids')}, even now that you're wiser than me and better with phones.`,
        'Remember: I taught you everything you know. Well, the good bits.',
      ],
      formal: [
        `I could not be prouder of the ${two('person', 'people')} you have become.`,
        'You make me proud in more ways than I can say.',
      ],
    },
    sibling: {
      warm: [
        "Growing up with you was the best adventure, and I'm glad we're still on it together.",
        `I'm lucky to have you as my <brother|sister|sibling|siblings|siblings>.`,
      ],
      light: [
        'Thanks for knowing all my secrets — and keeping most of them.',
        "As your sibling, I'm legally required to annoy you. Consider this card a short ceasefire.",
      ],
      formal: [
        `I am grateful to have you as family and as ${two('a friend', 'friends')}.`,
        `Having you as my ${two('sibling', 'siblings')} is something I never take for granted.`,
      ],
    },
    grandparent: {
      warm: [
        'So many of my happiest memories have you in them.',
        'Thank you for the stories, the hugs and the endless patience.',
      ],
      light: [
        `You're still the coolest ${two('person', 'people')} at every family gathering.`,
        'Nobody gives advice — or snacks — quite like you.',
      ],
      formal: [
        'Your wisdom and kindness mean more to me than I can say.',
        'I am grateful for everything you have taught me.',
      ],
    },
    family: {
      warm: [
        "I'm so grateful our family has you in it.",
        'Family is the people who show up, and you always do.',
      ],
      light: [
        'You make family gatherings far less awkward and far more fun.',
        `Every family needs ${onlyOne('someone')} like you, and we got the original.`,
      ],
      formal: ['I am grateful to have you in our family.', 'Your kindness means a great deal to all of us.'],
    },
    friend: {
      warm: [
        `Having ${two('a friend', 'friends')} like you makes everything lighter.`,
        `Thank you for being ${onlyOne('the one')} I can always call.`,
      ],
      light: [
        'You are proof that friends are the family we choose — and I chose well.',
        `If we end up as ${onlyOne('two')} old troublemakers on a porch somewhere, I'm fine with that.`,
      ],
      formal: [
        'I value our friendship more than I say.',
        'I am fortunate to count you among my closest friends.',
      ],
    },
    colleague: {
      warm: [
        'Working with you makes even the hard days better.',
        `You're the kind of ${two('colleague', 'colleagues')} everyone hopes to have.`,
      ],
      light: [
        'The office coffee is terrible, but working with you makes up for it.',
        'Thanks for making the meetings bearable.',
      ],
      formal: [
        'It is a pleasure to work alongside you.',
        'Your professionalism and kindness make a real difference to our team.',
      ],
    },
    boss: {
      warm: [
        'Thank you for your guidance and for believing in our team.',
        `Working for ${two('someone who genuinely cares', 'people who genuinely care')} makes all the difference.`,
      ],
      light: [
        `Thanks for being the kind of ${two('boss', 'bosses')} people actually like. It's rarer than you'd think.`,
        'You make Mondays almost tolerable, which is a real achievement.',
      ],
      formal: [
        'Thank you for your leadership and support.',
        'It is a privilege to work under your guidance.',
      ],
    },
    teacher: {
      warm: [
        'Your lessons have stayed with me far beyond the classroom.',
        'Thank you for believing in me before I believed in myself.',
      ],
      light: [
        "You made learning fun — and that's no small trick.",
        'I still hear your voice every time I check my work twice.',
      ],
      formal: [
        'Thank you for your dedication and for everything you have taught me.',
        'Your teaching has made a lasting difference to me.',
      ],
    },
    neighbour: {
      warm: [
        'Having you next door makes this place feel like home.',
        `Thank you for being such ${two('a kind and thoughtful neighbour', 'kind and thoughtful neighbours')}.`,
      ],
      light: [
        `You're the best ${two('neighbour', 'neighbours')} on the street, and I've checked.`,
        'Thanks for never complaining about the noise. Mostly.',
      ],
      formal: [
        `It is a pleasure to have you as ${two('a neighbour', 'neighbours')}.`,
        `Thank you for being such ${two('a considerate neighbour', 'considerate neighbours')}.`,
      ],
    },
  },
  details: {
    age: {
      warm: [
        `{Age} looks wonderful ${onlyOne('on you')}.`,
        `Here's to {age} — I have a feeling it will be your best year ${onlyOne('yet')}.`,
      ],
      light: [
        `{Age}? You don't look a day over ${onlyOne('{younger}')}.`,
        `Welcome to {age} — I hear the view ${onlyOne('from here')} is fantastic.`,
      ],
      formal: [
        `Congratulations on reaching {age}, ${onlyOne('a milestone')} worth marking.`,
        `My warmest wishes ${onlyOne('as you reach')} {age}.`,
      ],
    },
    likes: {
      warm: [
        'I know how much {clause}, and I hope the days ahead leave you time for everything you enjoy.',
        'Since {clause}, I hope the year ahead is full of your favourite things.',
      ],
      light: [
        '{Clause} — never change.',
        `And since {clause}, consider this card official permission to treat ${two('yourself', 'yourselves')}.`,
      ],
      formal: [
        'Knowing how much {clause}, I hope you find plenty of time for what you enjoy.',
        'I hope you find more time for your favourite pursuits; I know how much {clause}.',
      ],
    },
    clause: {
      warm: [
        "I know {clause}, and I'm cheering you on.",
        "I've been thinking of you — {clause}, and I'm with you all the way.",
      ],
      light: [
        '{Clause}, and I want to hear every detail.',
        "I know {clause} — let's catch up properly soon.",
      ],
      formal: [
        'I have been thinking of you, knowing that {clause}.',
        'Knowing that {clause}, I send you my very best wishes.',
      ],
    },
    memory: {
      warm: [
        'I still smile when I think of how {clause}.',
        'I keep thinking of how {clause} — moments like that mean the world to me.',
      ],
      light: ['Remember when {clause}? Classic.', 'I still laugh about how {clause}.'],
      formal: ['I remember fondly how {clause}.', 'I often think back to when {clause}.'],
    },
    plan: {
      warm: ['And {clause} — I can hardly wait.'],
      light: ["Also, {clause}, and I'm already counting the days."],
      formal: ['I am also looking forward to what lies ahead: {clause}.'],
    },
    wish: {
      warm: ['Wishing you {thing}, with all my heart.'],
      light: ['Wishing you {thing}!'],
      formal: ['I wish you {thing}.'],
    },
    thing: {
      warm: ["Here's to {thing}, too.", 'A special thought for {thing}, too.'],
      light: ["Here's to {thing}!", 'And a special cheer for {thing}!'],
      formal: ['My warm wishes extend to {thing} as well.', 'With a special thought for {thing}.'],
    },
    sentence: { warm: ['{sentence}'], light: ['{sentence}'], formal: ['{sentence}'] },
    note: {
      warm: ['{Note}, and I cherish that about you.', 'I love that {note}.'],
      light: ['I love that {note}.', "{Note}, and I think that's brilliant."],
      formal: ['I have always admired that {note}.', 'It is a pleasure to know that {note}.'],
    },
  },
  comfort: {
    age: [`{Age} is a big year — I hope the rest of it treats you ${onlyOne('gently')}.`],
    likes: ['I know how much {clause}, and I hope you are back to it very soon.'],
    thing: ["I'm thinking of you, and of {thing}."],
    clause: ["I know {clause}, and I'm here for whatever you need."],
    memory: ['I keep thinking of how {clause}, and it makes me smile.'],
    note: ["{Note}, and I'm thinking of you."],
  },
  signOffs: {
    partner: {
      warm: ['All my love[, {from}]', 'Forever yours[, {from}]', 'Always yours[, {from}]'],
      light: ['Love you lots[, {from}]', 'xoxo[, {from}]', 'Your favourite person[, {from}]'],
      formal: ['Yours[, {from}]', 'Ever yours[, {from}]'],
    },
    family: {
      warm: ['With love[, {from}]', 'Love always[, {from}]', 'With much love[, {from}]'],
      light: ['Lots of love[, {from}]', 'Hugs[, {from}]'],
      formal: ['With warm wishes[, {from}]', 'Warmly[, {from}]'],
    },
    friend: {
      warm: ['With love[, {from}]', 'Big hugs[, {from}]', 'Always here for you[, {from}]'],
      light: ['Cheers[, {from}]', 'Hugs[, {from}]', 'Your partner in crime[, {from}]'],
      formal: ['Warm regards[, {from}]', 'With best wishes[, {from}]'],
    },
    work: {
      warm: ['Warmly[, {from}]', 'With warm wishes[, {from}]'],
      light: ['Cheers[, {from}]', 'All the best[, {from}]'],
      formal: ['Best regards[, {from}]', 'Kind regards[, {from}]', 'With best wishes[, {from}]'],
    },
  },
  ageVars: (age) => ({ age: String(age), ordinal: ordinal(age), younger: age >= 2 ? String(age - 1) : '' }),
  readDetails: readEnglishDetails,
};

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
