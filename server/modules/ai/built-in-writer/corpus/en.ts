import type { CorpusCase } from './corpus.ts';

/** A third person left in a sentence said to "you". */
const THIRD_PERSON = /\b(?:she|he|her|his|him|hers|herself|himself|she's|he's)\b/iu;
/** A couple's third person ("they met…", "their house") left in a card to them. */
const THEIR = /\btheir\b|\bthey(?:'re|'ve)?\s+(?!have\b)\w+/iu;
/** Lines that speak to one person, which a card to a couple must not say. */
const ONE_PERSON =
  /one of my favourite people|a friend like you|the one I can always call|someone (?:like|as \w+ as) you|kind of colleague\b|my kid\b|the person you|coolest person|neighbour on the street|as a neighbour|Bride-to-be|\bcongratulations, graduate\b|you're a star/iu;
const GIRL = /\b(?:sister|daughter|Mum)\b/u;
const BOY = /\b(?:brother|son|Dad)\b/u;

/** English details as people write them, and what the message must make of them. */
export const englishCorpus: readonly CorpusCase[] = [
  {
    details: 'He just turned 30, loves rock climbing, and burnt the pancakes last Sunday',
    relationships: ['Close Friend', 'Brother'],
    facts: [
      { key: /\b30\b|thirty/iu },
      {
        key: /rock climbing/iu,
        woven: /\byou(?:'re| are)? (?:love|adore|enjoy)|your love of rock climbing/iu,
      },
      { key: /pancakes/iu, woven: /\byou burn(?:t|ed)\b/iu },
    ],
    never: [/\bloves\b/iu, /\bhe\b/iu, /you just turned 30, loves/iu],
  },
  // The third person, as most people write about the one they send a card to.
  {
    details: 'she loves hiking',
    relationships: ['Sister'],
    facts: [{ key: /hiking/iu, woven: /you love hiking/iu }],
    never: [THIRD_PERSON, /\bloves\b/iu],
  },
  {
    details: 'She loves hiking and just moved to Berlin',
    relationships: ['Mother'],
    facts: [
      { key: /hiking/iu, woven: /you love hiking/iu },
      { key: /Berlin/u, woven: /you've just moved to Berlin/iu },
    ],
    never: [THIRD_PERSON, /\bloves\b/iu, /hiking and just moved/iu],
  },
  {
    details: "he's been working so hard on his thesis",
    relationships: ['Son'],
    facts: [{ key: /thesis/iu, woven: /you've been working so hard on your thesis/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'She just got engaged!',
    relationships: ['Friend'],
    facts: [{ key: /just got engaged/iu, woven: /you've just got engaged/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'he finally passed his driving test',
    relationships: ['Brother', 'Son'],
    facts: [{ key: /driving test/iu, woven: /you've finally passed your driving test/iu }],
    never: [THIRD_PERSON, GIRL],
  },
  {
    details: 'He luvs football and makes the best lasagna',
    relationships: ['Father'],
    facts: [
      { key: /football/iu, woven: /you love football/iu },
      { key: /lasagna/iu, woven: /you make the best lasagna/iu },
    ],
    never: [THIRD_PERSON, /(?<!of )you makes|\bluvs\b/iu],
  },
  {
    details: 'she is starting university in September',
    relationships: ['Daughter', 'Sister'],
    facts: [{ key: /university/iu, woven: /you(?: are|'re) starting university in September/iu }],
    never: [THIRD_PERSON, BOY],
  },
  {
    details: 'she paints beautiful watercolours',
    relationships: ['Sister', 'Daughter'],
    facts: [{ key: /watercolours/iu, woven: /you paint beautiful watercolours/iu }],
    never: [THIRD_PERSON, /\bpaints\b/iu, BOY],
  },
  {
    details: 'he loves fishing with his grandkids',
    relationships: ['Grandfather', 'Brother'],
    facts: [{ key: /fishing/iu, woven: /you love fishing with your grandkids/iu }],
    never: [THIRD_PERSON, GIRL],
  },
  {
    details: 'He speaks five languages and teaches yoga on Sundays',
    relationships: ['Teacher'],
    facts: [
      { key: /five languages/iu, woven: /you speak five languages/iu },
      { key: /yoga/iu, woven: /you teach yoga on Sundays/iu },
    ],
    never: [THIRD_PERSON, /\bspeaks\b|\bteaches\b/iu],
  },
  {
    details: 'She has two kids and a cat named Mochi',
    relationships: ['Friend'],
    facts: [{ key: /Mochi/u, woven: /you have two kids and a cat named Mochi/iu }],
    never: [THIRD_PERSON, /\bhas two\b/iu],
  },
  {
    details: 'Her favourite colour is yellow',
    relationships: ['Sister'],
    facts: [{ key: /yellow/iu, woven: /your favourite colour is yellow/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'His dog Max just turned 5',
    relationships: ['Colleague'],
    facts: [{ key: /\bMax\b/u, woven: /your dog Max/iu }],
    never: [THIRD_PERSON, /\b5 looks|reaching 5\b/iu],
  },
  {
    details: 'He is a huge Arsenal fan',
    relationships: ['Father'],
    facts: [{ key: /Arsenal/u, woven: /you(?: are|'re) a huge Arsenal fan/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'She’s expecting twins in March',
    relationships: ['Sister'],
    facts: [{ key: /twins/iu, woven: /you(?:'re| are) expecting twins in March/iu }],
    never: [THIRD_PERSON, /expecting twins in March, and I cherish/iu],
  },
  {
    details: 'he runs marathons for fun',
    relationships: ['Colleague'],
    facts: [{ key: /marathons/iu, woven: /you run marathons for fun/iu }],
    never: [THIRD_PERSON, /\bruns\b/iu],
  },
  {
    details: 'she volunteers at the animal shelter every weekend',
    relationships: ['Neighbour'],
    facts: [{ key: /animal shelter/iu, woven: /you volunteer at the animal shelter/iu }],
    never: [THIRD_PERSON, /\bvolunteers\b/iu],
  },
  {
    details: 'He wrote a book last year',
    relationships: ['Teacher'],
    facts: [{ key: /a book/iu, woven: /you wrote a book last year/iu }],
    never: [THIRD_PERSON, /\bhas written\b/iu],
  },
  // Fragments: the subject is left out, as in a note to oneself.
  {
    details: 'loves jazz',
    relationships: ['Grandfather'],
    facts: [{ key: /jazz/iu, woven: /you love jazz/iu }],
    never: [/\bloves\b/iu],
  },
  {
    details: 'new job!',
    relationships: ['Friend'],
    facts: [{ key: /new job/iu, woven: /your new job/iu }],
    never: [/\bto new job\b|for new job\b/iu],
  },
  {
    details: '30 today 🎉',
    relationships: ['Daughter'],
    facts: [{ key: /\b30\b/u }],
    never: [/🎉/u, /30 today/iu],
  },
  {
    details: 'turning 50 next week',
    relationships: ['Father'],
    facts: [{ key: /\b50\b/u }],
    never: [/turning 50 next week/iu],
  },
  {
    details: 'her 40th',
    relationships: ['Wife'],
    facts: [{ key: /\b40(?:th)?\b/u }],
    never: [THIRD_PERSON],
  },
  {
    details: 'Happy 60th!!! 🎂',
    relationships: ['Grandmother'],
    facts: [{ key: /\b60(?:th)?\b/u }],
    never: [/Happy 60th/iu, /🎂/u],
  },
  {
    details: 'just retired after 35 years at the bank',
    relationships: ['Grandfather'],
    facts: [{ key: /the bank/iu, woven: /you've just retired after 35 years at the bank/iu }],
    never: [/\b35 looks|reaching 35\b/iu],
  },
  {
    details: 'got promoted to head chef',
    relationships: ['Colleague'],
    facts: [{ key: /head chef/iu, woven: /you got promoted to head chef/iu }],
  },
  {
    details: 'recently adopted a rescue dog called Biscuit',
    relationships: ['Neighbour'],
    facts: [{ key: /Biscuit/u, woven: /you've recently adopted a rescue dog called Biscuit/iu }],
  },
  {
    details: 'learning to play the piano',
    relationships: ['Grandmother'],
    facts: [{ key: /piano/iu }],
  },
  {
    details: 'big fan of Taylor Swift',
    relationships: ['Daughter'],
    facts: [{ key: /Taylor Swift/u, woven: /you(?: are|'re) a big fan of Taylor Swift/iu }],
    never: [/\bare big fan\b/iu],
  },
  {
    details: 'Obsessed with K-pop',
    relationships: ['Sister'],
    facts: [{ key: /K-pop/iu, woven: /you(?: are|'re) obsessed with K-pop/iu }],
    never: [/Obsessed/u],
  },
  {
    details: 'always late but always worth the wait 😅',
    relationships: ['Close Friend'],
    facts: [{ key: /always late/iu }],
    never: [/😅/u],
  },
  {
    details: 'sooo excited for her trip to Japan ✈️',
    relationships: ['Friend'],
    facts: [{ key: /Japan/u }],
    never: [THIRD_PERSON],
  },
  // Lists, labels and typos.
  {
    details: 'coffee, cats and jazz',
    relationships: ['Close Friend'],
    facts: [{ key: /coffee, cats and jazz/iu }],
  },
  {
    details: 'Loves: reading, gardening, and long walks',
    relationships: ['Mother'],
    facts: [{ key: /reading, gardening/iu, woven: /you love reading, gardening, and long walks/iu }],
    never: [/\bloves\b/iu, /love:/iu],
  },
  {
    details: 'loves sushi 🍣 and anime',
    relationships: ['Friend'],
    facts: [{ key: /sushi/iu, woven: /you love sushi and anime/iu }],
    never: [/🍣/u, /\bloves\b/iu],
  },
  {
    details: 'She jsut moved to London!!',
    relationships: ['Friend'],
    facts: [{ key: /London/u, woven: /you've just moved to London/iu }],
    never: [THIRD_PERSON, /jsut/iu],
  },
  {
    details: 'shes the kindest person I know',
    relationships: ['Grandmother'],
    facts: [{ key: /kindest person/iu, woven: /you're the kindest person I know/iu }],
    never: [THIRD_PERSON, /\bshes\b/iu],
  },
  {
    details: 'hes obsessed with his new bike',
    relationships: ['Brother'],
    facts: [{ key: /new bike/iu, woven: /you're obsessed with your new bike/iu }],
    never: [THIRD_PERSON, /\bhes\b/iu],
  },
  {
    details: 'loves café con leche ☕',
    relationships: ['Friend'],
    facts: [{ key: /café con leche/iu, woven: /you love café con leche/iu }],
    never: [/\bloves\b/iu],
  },
  // The recipient by name, sometimes in another script.
  {
    details: 'Anna loves yoga',
    recipientName: 'Anna',
    relationships: ['Friend', 'Sister'],
    facts: [{ key: /yoga/iu, woven: /you love yoga/iu }],
    never: [/Anna loves/iu, /\bloves\b/iu],
  },
  {
    details: 'Саша loves jazz and just started at Google',
    recipientName: 'Саша',
    relationships: ['Friend', 'Colleague'],
    facts: [
      { key: /jazz/iu, woven: /you love jazz/iu },
      { key: /Google/u, woven: /you've just started at Google/iu },
    ],
    never: [/Саша loves/iu, /\bloves\b/iu],
  },
  {
    details: 'محمد loves cricket',
    recipientName: 'محمد',
    relationships: ['Brother', 'Son'],
    facts: [{ key: /cricket/iu, woven: /you love cricket/iu }],
    never: [/محمد loves/u, GIRL],
  },
  {
    details: 'Dmitri (Дмитрий) just started a new job',
    recipientName: 'Dmitri',
    relationships: ['Colleague', 'Father'],
    facts: [{ key: /new job/iu, woven: /you've just started a new job/iu }],
    never: [/Дмитрий/u, /Dmitri just/u],
  },
  // The first person: shared memories and plans, what the sender feels.
  {
    details: 'we met in Paris in 2015',
    relationships: ['Partner'],
    facts: [{ key: /Paris/u, woven: /we met in Paris in 2015/iu }],
  },
  {
    details: 'I miss our long walks',
    relationships: ['Sister'],
    facts: [{ key: /long walks/iu, woven: /I miss our long walks/iu }],
  },
  {
    details: 'I love her terrible puns',
    relationships: ['Wife'],
    facts: [{ key: /terrible puns/iu, woven: /I love your terrible puns/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'we always argue about pineapple on pizza 😂',
    relationships: ['Brother'],
    facts: [{ key: /pineapple/iu, woven: /we always argue about pineapple on pizza/iu }],
  },
  {
    details: 'we used to build forts in the garden',
    relationships: ['Brother'],
    facts: [{ key: /forts/iu, woven: /we used to build forts in the garden/iu }],
  },
  {
    details: 'I met him at a concert in 2009',
    relationships: ['Husband'],
    facts: [{ key: /concert/iu, woven: /I met you at a concert in 2009/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'we are going to Rome in May',
    relationships: ['Partner'],
    facts: [{ key: /Rome/u, woven: /we are going to Rome in May/iu }],
  },
  {
    details: 'we’re planning a trip to Lisbon together',
    relationships: ['Close Friend'],
    facts: [{ key: /Lisbon/u, woven: /we're planning a trip to Lisbon together/iu }],
  },
  {
    details: 'you are the best mum in the world',
    relationships: ['Mother'],
    facts: [{ key: /best mum/iu, woven: /you are the best mum in the world/iu }],
  },
  // Requests to the writer: the content is read, the request never echoed.
  {
    details: 'mention his new job',
    relationships: ['Colleague'],
    facts: [{ key: /new job/iu, woven: /your new job/iu }],
    never: [/mention/iu, THIRD_PERSON],
  },
  {
    details: 'please say we are so proud of her',
    relationships: ['Daughter'],
    facts: [{ key: /we are so proud of you/iu, woven: /We are so proud of you\./u }],
    never: [/please say|say we/iu, THIRD_PERSON],
  },
  {
    details: 'wish him luck with the exams',
    relationships: ['Son'],
    facts: [{ key: /luck with the exams/iu, woven: /wish(?:ing)? you luck with the exams/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'Just had a baby girl named Lily',
    relationships: ['Daughter', 'Sister'],
    facts: [{ key: /Lily/u, woven: /you've just had a baby girl named Lily/iu }],
    never: [/you've Just|Just had/u, BOY],
  },
  {
    details: 'She is turning 40 and throwing a big party',
    relationships: ['Mother'],
    facts: [{ key: /big party/iu, woven: /you(?: are|'re) turning 40 and throwing a big party/iu }],
    never: [THIRD_PERSON],
  },
  {
    details: 'we went to Iceland together last year and saw the northern lights',
    relationships: ['Close Friend'],
    facts: [
      { key: /Iceland/u, woven: /we went to Iceland together last year/iu },
      { key: /northern lights/iu, woven: /we saw the northern lights/iu },
    ],
  },
  {
    details: 'Congrats on the promotion',
    relationships: ['Boss'],
    facts: [{ key: /the promotion/iu, woven: /Congrats on the promotion\./u }],
  },
  {
    details: 'she won the lottery lol',
    relationships: ['Neighbour'],
    facts: [{ key: /lottery/iu, woven: /you won the lottery/iu }],
    never: [/\blol\b/iu, THIRD_PERSON],
  },
  // What the reader cannot restate with confidence: named as not woven, never pasted.
  {
    details: 'The dog ate my homework',
    relationships: ['Teacher'],
    facts: [{ key: /homework/iu }],
    never: [/to the dog ate|for the dog ate/iu],
  },
  {
    details: 'Tom says hi',
    relationships: ['Grandmother'],
    facts: [{ key: /\bTom\b/u }],
  },
  {
    details: 'Sam and I are so proud of you',
    relationships: ['Son'],
    facts: [{ key: /Sam and I/u }],
  },
  // Couples: said to both, in the plural, never to one of them.
  {
    details: 'They just bought their first house',
    recipientName: 'Jo & Sam',
    relationships: ['Friend', 'Neighbour'],
    facts: [{ key: /first house/iu, woven: /you've just bought your first house/iu }],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'They met at university and love hiking',
    recipientName: 'Jo & Sam',
    relationships: ['Close Friend', 'Family Member'],
    facts: [
      { key: /university/iu, woven: /you met at university/iu },
      { key: /hiking/iu, woven: /you love hiking/iu },
    ],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'married 10 years this June',
    recipientName: 'Anna & Tom',
    relationships: ['Friend', 'Family Member'],
    facts: [{ key: /10 years/iu }],
    never: [/you married 10/iu, ONE_PERSON],
  },
  {
    details: 'Their wedding is on 12 June at the old mill',
    recipientName: 'Mia and Leo',
    relationships: ['Colleague', 'Friend'],
    facts: [{ key: /old mill/iu, woven: /your wedding is on 12 June at the old mill/iu }],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'Jo & Sam got engaged in Rome last summer',
    recipientName: 'Jo & Sam',
    relationships: ['Close Friend', 'Colleague'],
    facts: [{ key: /Rome/u, woven: /you got engaged in Rome last summer/iu }],
    never: [THEIR, /Jo & Sam got/u, ONE_PERSON],
  },
  {
    details: 'we were their neighbours for years',
    recipientName: 'Jo & Sam',
    relationships: ['Neighbour', 'Friend'],
    facts: [{ key: /neighbours for years/iu, woven: /we were your neighbours for years/iu }],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'They love travelling and just got back from Japan',
    recipientName: 'Priya & Sam',
    relationships: ['Friend', 'Family Member'],
    facts: [
      { key: /travelling/iu, woven: /you love travelling/iu },
      { key: /Japan/u, woven: /you've just got back from Japan/iu },
    ],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'Anniversary: 25 years!',
    recipientName: 'Mum & Dad',
    relationships: ['Family Member', 'Mother'],
    facts: [{ key: /25 years/iu }],
    never: [ONE_PERSON, /Anniversary: 25/iu],
  },
  {
    details: 'they are expecting their first baby',
    recipientName: 'Mia & Leo',
    relationships: ['Friend', 'Sister'],
    facts: [{ key: /first baby/iu, woven: /you(?: are|'re) expecting your first baby/iu }],
    never: [THEIR, ONE_PERSON],
  },
  {
    details: 'finally got her PhD',
    recipientName: 'Jo & Sam',
    relationships: ['Colleague'],
    facts: [{ key: /PhD/u }],
    never: [/your PhD/iu, THIRD_PERSON, ONE_PERSON],
  },
  {
    details: 'she knits scarves for everyone and volunteers at church',
    recipientName: 'Jo & Sam',
    relationships: ['Neighbour'],
    facts: [{ key: /scarves/iu }, { key: /church/iu }],
    never: [/you volunteer/iu, THIRD_PERSON],
  },
  {
    details: 'loves dogs, walks and jazz',
    relationships: ['Grandmother'],
    facts: [{ key: /dogs, walks and jazz/iu, woven: /you love dogs, walks and jazz/iu }],
    never: [/you walk\b/iu, /\bloves\b/iu],
  },
  {
    details: 'he loves cooking and bakes bread every Sunday',
    relationships: ['Grandfather'],
    facts: [
      { key: /cooking/iu, woven: /you love cooking/iu },
      { key: /bread/iu, woven: /you bake bread every Sunday/iu },
    ],
    never: [THIRD_PERSON, /\bbakes\b/iu],
  },
  {
    details: 'she loves gardening',
    recipientName: 'Jo & Sam',
    relationships: ['Friend'],
    facts: [{ key: /gardening/iu }],
    never: [THIRD_PERSON, /you love gardening/iu, ONE_PERSON],
  },
  {
    details: 'my sister, always late lol, loves sushi and The Beatles',
    relationships: ['Sister'],
    facts: [{ key: /sushi/iu, woven: /\byou love\b|your love of sushi/iu }],
    never: [/for my sister/iu, /always late/iu],
  },
  {
    details: 'taught 200 kids to read, loves her garden, Tom says hi',
    relationships: ['Mother'],
    facts: [
      { key: /200 kids/iu, woven: /\byou taught\b/iu },
      { key: /garden/iu, woven: /\byou love\b|your love of|your garden/iu },
      { key: /Tom/u },
    ],
    never: [/Tom says hi/u, /her garden/iu],
  },
  {
    details: 'married ten years ago, love travelling, Tom says hi',
    relationships: ['Friend'],
    recipientName: 'Jo & Sam',
    facts: [
      { key: /ten years/iu },
      { key: /travelling/iu, woven: /\byou (?:both )?love\b|your love of travelling/iu },
      { key: /Tom/u },
    ],
    never: [/ago, love/iu, /Tom says hi/u],
  },
];
