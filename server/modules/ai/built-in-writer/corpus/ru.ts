import type { CorpusCase } from './corpus.ts';

/** A word on its own, not inside another ("рыбалку", not "рыбалкой"). */
const word = (text: string) => new RegExp(`(?<!\\p{L})${text}(?!\\p{L})`, 'iu');

/** "ты" said to a couple or a group, or a singular "-шь" verb: they are "вы". */
const SINGULAR_YOU =
  /(?<!\p{L})(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твою|твои|твоей|твоего)(?!\p{L})|\p{L}+шь(?:ся)?(?!\p{L})/iu;

/** Russian details as people write them, and what the message must make of them. */
export const russianCorpus: readonly CorpusCase[] = [
  {
    details: 'только что сдал на права и обожает рыбалку',
    relationships: ['Brother', 'Son'],
    facts: [
      { key: /на права/iu, woven: /ты только что сдал на права/iu },
      { key: /рыбалк/iu, woven: /(?:обожаешь|любишь) рыбалку/iu },
    ],
    never: [word('обожает'), /сдал на права и обожает/iu, /сдала/iu],
  },
  {
    details: 'она любит рисовать и учится в Москве',
    relationships: ['Sister'],
    facts: [
      { key: /рисова/iu, woven: /ты любишь рисовать/iu },
      { key: /Москв/iu, woven: /ты учишься в Москве/iu },
    ],
    never: [word('учится'), word('любит'), /она (?:любит|учится)/iu],
  },
  {
    details: 'любит джаз',
    relationships: ['Friend', 'Mother', 'Boss'],
    facts: [{ key: /джаз/iu, woven: /(?:[Тт]ы любишь|Вы любите) джаз/u }],
    never: [/любит джаз/iu],
  },
  {
    details: 'обожает кошек',
    relationships: ['Daughter', 'Colleague'],
    facts: [{ key: /кошек/iu, woven: /(?:[Тт]ы обожаешь|Вы обожаете) кошек/u }],
    never: [/обожает кошек/iu],
  },
  {
    details: 'она недавно переехала в Берлин',
    relationships: ['Friend', 'Sister', 'Teacher'],
    facts: [{ key: /Берлин/iu, woven: /(?:[Тт]ы недавно переехала|Вы недавно переехали) в Берлин/u }],
    never: [/она недавно/iu, /Вы недавно переехала/u],
  },
  {
    details: 'он переехал в Казань',
    relationships: ['Brother', 'Sister'],
    facts: [{ key: /(?<!\p{L})Казан/u, woven: /ты переехал в Казань/iu }],
    never: [/переехала в Казань/iu, /он переехал/iu],
  },
  {
    details: 'работает врачом',
    relationships: ['Father', 'Boss'],
    facts: [{ key: /врачом/iu, woven: /(?:[Тт]ы работаешь|Вы работаете) врачом/u }],
    never: [/работает врачом/iu],
  },
  {
    details: 'увлекается йогой 🧘',
    relationships: ['Grandmother', 'Neighbour'],
    facts: [{ key: /йогой/iu, woven: /(?:[Тт]ы увлекаешься|Вы увлекаетесь) йогой/u }],
    never: [word('увлекается'), /🧘/u],
  },
  {
    details: 'занимается боксом',
    relationships: ['Son', 'Teacher'],
    facts: [{ key: /боксом/iu, woven: /(?:[Тт]ы занимаешься|Вы занимаетесь) боксом/u }],
    never: [word('занимается')],
  },
  {
    details: 'учится в МГУ на юриста',
    relationships: ['Daughter', 'Friend'],
    facts: [{ key: /МГУ/u, woven: /ты учишься в МГУ на юриста/iu }],
    never: [word('учится')],
  },
  {
    details: 'мы познакомились в Париже',
    relationships: ['Wife', 'Friend'],
    facts: [{ key: /Париж/iu, woven: /мы познакомились в Париже/iu }],
  },
  {
    details: 'я скучаю по нашим прогулкам',
    relationships: ['Close Friend', 'Mother'],
    facts: [{ key: /прогулк/iu, woven: /Я скучаю по нашим прогулкам/u }],
  },
  {
    details: 'новая работа!',
    relationships: ['Friend', 'Colleague'],
    facts: [{ key: /новая работа/iu }],
  },
  {
    details: '30 сегодня',
    relationships: ['Friend', 'Brother'],
    facts: [{ key: /(?<!\d)30(?!\d)/u }],
    never: [/30 сегодня/u],
  },
  {
    details: 'исполняется 40 🎉',
    relationships: ['Father', 'Boss'],
    facts: [{ key: /(?<!\d)40(?!\d)/u }],
    never: [/исполняется/iu, /🎉/u],
  },
  {
    details: 'кофе, кошки и джаз',
    relationships: ['Friend'],
    facts: [{ key: /кошки и джаз/iu }],
  },
  {
    details: 'любит кофе, кошек и джаз',
    relationships: ['Sister', 'Boss'],
    facts: [{ key: /кошек и джаз/iu, woven: /(?:[Тт]ы любишь|Вы любите) кофе, кошек и джаз/u }],
    never: [word('любит')],
  },
  {
    details: 'обожает K-pop и BTS',
    relationships: ['Daughter'],
    facts: [{ key: /K-pop/iu, woven: /ты обожаешь K-pop и BTS/iu }],
    never: [word('обожает')],
  },
  {
    details: 'Аня обожает пионы',
    relationships: ['Friend'],
    recipientName: 'Аня',
    facts: [{ key: word('пионы'), woven: /ты обожаешь пионы/iu }],
    never: [/Аня обожает/iu, word('обожает')],
  },
  {
    details: 'Emma обожает русскую литературу',
    relationships: ['Teacher', 'Friend'],
    recipientName: 'Emma',
    facts: [{ key: /литератур/iu, woven: /(?:[Тт]ы обожаешь|Вы обожаете) русскую литературу/u }],
    never: [/Emma обожает/iu, word('обожает')],
  },
  {
    details: 'любит играть в футбл',
    relationships: ['Brother'],
    facts: [{ key: /футбл/iu, woven: /ты любишь играть в футбл/iu }],
  },
  {
    details: 'недавно переехал в новую кварттиру',
    relationships: ['Son', 'Friend'],
    facts: [{ key: /кварттир/iu, woven: /ты недавно переехал в новую кварттиру/iu }],
    never: [/переехала/iu],
  },
  {
    details: '🎸 играет на гитаре 🎶',
    relationships: ['Son', 'Friend'],
    facts: [{ key: /гитар/iu, woven: /ты играешь на гитаре/iu }],
    never: [word('играет'), /🎸|🎶/u],
  },
  {
    details: 'сдала на права!!!',
    relationships: ['Daughter', 'Friend'],
    facts: [{ key: /на права/iu, woven: /ты сдала на права/iu }],
    never: [/!!!/u, /ты сдал(?!а)/iu],
  },
  {
    details: 'сдал экзамены',
    relationships: ['Daughter'],
    facts: [{ key: /сдал экзамены/iu }],
    never: [/ты сдал(?!а)/iu],
  },
  {
    details: 'вышла замуж в мае',
    relationships: ['Sister', 'Friend'],
    facts: [{ key: /замуж/iu, woven: /ты вышла замуж в мае/iu }],
  },
  {
    details: 'женился прошлым летом',
    relationships: ['Brother', 'Mother'],
    facts: [{ key: /прошлым летом/iu, woven: /ты женился прошлым летом/iu }],
    never: [/женилась/iu],
  },
  {
    details: 'закончил университет с красным дипломом',
    relationships: ['Son', 'Grandfather'],
    facts: [{ key: /красным дипломом/iu, woven: /ты закончил университет/iu }],
    never: [/закончила/iu],
  },
  {
    details: 'родила двойню в марте',
    relationships: ['Daughter', 'Friend'],
    facts: [{ key: /двойн/iu, woven: /ты родила двойню в марте/iu }],
  },
  {
    details: 'работает в Google',
    relationships: ['Friend', 'Boss'],
    facts: [{ key: /Google/u, woven: /(?:[Тт]ы работаешь|Вы работаете) в Google/u }],
    never: [word('работает')],
  },
  {
    details: 'он очень любит своих внуков',
    relationships: ['Grandfather'],
    facts: [{ key: /внуков/iu, woven: /ты очень любишь своих внуков/iu }],
    never: [/он очень/iu, word('любит')],
  },
  {
    details: 'она рада переезду',
    relationships: ['Mother'],
    facts: [{ key: /переезд/iu }],
    never: [/она рада/iu],
  },
  {
    details: 'мы вместе ездили в Грузию',
    relationships: ['Friend', 'Husband'],
    facts: [{ key: /Грузи/iu, woven: /мы вместе ездили в Грузию/iu }],
  },
  {
    details: 'мы летом едем в Рим!',
    relationships: ['Partner', 'Close Friend'],
    facts: [{ key: word('Рим'), woven: /мы летом едем в Рим/iu }],
  },
  {
    details: 'я всегда восхищаюсь тобой',
    relationships: ['Son', 'Teacher'],
    facts: [{ key: /восхищаюсь/iu, woven: /Я всегда восхищаюсь (?:тобой|Вами)/u }],
  },
  {
    details: 'ты лучший брат на свете',
    relationships: ['Brother'],
    facts: [{ key: /лучший брат на свете/iu, woven: /Ты лучший брат на свете\./u }],
  },
  {
    details: 'ты любишь горы',
    relationships: ['Friend', 'Teacher'],
    facts: [{ key: /горы/iu, woven: /(?:[Тт]ы любишь|Вы любите) горы/u }],
  },
  {
    details: 'пожелай ей счастья и здоровья',
    relationships: ['Mother'],
    facts: [{ key: /счастья и здоровья/iu, woven: /(?:тебе|конечно,) счастья и здоровья/iu }],
    never: [/пожелай/iu, word('ей')],
  },
  {
    details: 'упомяни её новую работу',
    relationships: ['Sister', 'Boss'],
    facts: [{ key: /новую работу/iu, woven: /(?:твою|Вашу) новую работу/u }],
    never: [/упомяни/iu, /её новую/iu],
  },
  {
    details: 'её собака Бублик',
    relationships: ['Friend'],
    facts: [{ key: /Бублик/u }],
    never: [/её собака/iu],
  },
  {
    details: 'обожает свою собаку Бублика',
    relationships: ['Friend', 'Colleague'],
    facts: [{ key: /Бублик/u, woven: /(?:[Тт]ы обожаешь|Вы обожаете) свою собаку Бублика/u }],
  },
  {
    details: 'мечтает о Японии',
    relationships: ['Daughter', 'Colleague'],
    facts: [{ key: /Япони/iu, woven: /(?:[Тт]ы мечтаешь|Вы мечтаете) о Японии/u }],
    never: [word('мечтает')],
  },
  {
    details: 'собирается в кругосветку',
    relationships: ['Friend'],
    facts: [{ key: /кругосветк/iu, woven: /ты собираешься в кругосветку/iu }],
  },
  {
    details: 'хочет научиться играть на пианино',
    relationships: ['Son', 'Boss'],
    facts: [{ key: /пианино/iu, woven: /(?:[Тт]ы хочешь|Вы хотите) научиться/u }],
    never: [word('хочет')],
  },
  {
    details: 'пишет книгу о своей бабушке',
    relationships: ['Friend', 'Boss'],
    facts: [{ key: /книгу/iu, woven: /(?:[Тт]ы пишешь|Вы пишете) книгу о своей бабушке/u }],
  },
  {
    details: 'недавно стала бабушкой',
    relationships: ['Grandmother', 'Friend'],
    facts: [{ key: /бабушкой/iu, woven: /ты недавно стала бабушкой/iu }],
  },
  {
    details: 'стал папой в январе',
    relationships: ['Friend', 'Colleague'],
    facts: [{ key: /папой/iu, woven: /(?:[Тт]ы стал|Вы стали) папой в январе/u }],
    never: [/Вы стал(?!и)/u],
  },
  {
    details: 'она беременна',
    relationships: ['Sister'],
    facts: [{ key: /беременн/iu }],
    never: [/она беременна/iu],
  },
  {
    details: 'коллекционирует марки',
    relationships: ['Friend', 'Boss'],
    facts: [{ key: /марки/iu, woven: /(?:[Тт]ы коллекционируешь|Вы коллекционируете) марки/u }],
  },
  {
    details: 'бегает марафоны',
    relationships: ['Colleague'],
    facts: [{ key: /марафон/iu, woven: /(?:[Тт]ы бегаешь|Вы бегаете) марафоны/u }],
  },
  {
    details: 'фанатеет от Гарри Поттера',
    relationships: ['Son', 'Daughter'],
    facts: [{ key: /Гарри Поттер/iu, woven: /ты фанатеешь от Гарри Поттера/iu }],
  },
  {
    details: 'любит готовить и печёт лучшие пироги',
    relationships: ['Grandmother'],
    facts: [
      { key: /готовить/iu, woven: /ты любишь готовить/iu },
      { key: word('пироги'), woven: /ты печёшь лучшие пироги/iu },
    ],
    never: [word('печёт')],
  },
  {
    details: 'покороче пожалуйста. любит джаз',
    relationships: ['Friend'],
    facts: [{ key: /джаз/iu, woven: /ты любишь джаз/iu }],
    never: [/покороче/iu],
  },
  {
    details: 'наконец нашёл работу мечты',
    relationships: ['Brother', 'Father'],
    facts: [{ key: /работу мечты/iu, woven: /ты наконец нашёл работу мечты/iu }],
  },
  {
    details: 'пришла к нам работать в марте',
    relationships: ['Colleague'],
    facts: [{ key: /к нам работать/iu, woven: /(?:[Тт]ы пришла|Вы пришли) к нам работать/u }],
  },
  {
    details: 'живёт в Лиссабоне с котом',
    relationships: ['Friend', 'Teacher'],
    facts: [{ key: /Лиссабон/iu, woven: /(?:[Тт]ы живёшь|Вы живёте) в Лиссабоне/u }],
  },
  {
    details: 'мы дружим с первого класса',
    relationships: ['Close Friend'],
    facts: [{ key: /первого класса/iu, woven: /Мы дружим с первого класса/u }],
  },
  {
    details: 'ей исполняется 18!',
    relationships: ['Daughter'],
    facts: [{ key: /(?<!\d)18(?!\d)/u }],
    never: [word('ей')],
  },
  {
    details: 'любит Netflix и sushi',
    relationships: ['Friend'],
    facts: [{ key: /Netflix/u, woven: /ты любишь Netflix и sushi/iu }],
  },
  {
    details: 'He loves jazz',
    relationships: ['Friend'],
    facts: [{ key: /jazz/iu }],
    never: [/He loves/u],
  },
  {
    details: 'ждёт второго ребёнка',
    relationships: ['Sister', 'Boss'],
    facts: [{ key: /второго ребёнка/iu, woven: /(?:[Тт]ы ждёшь|Вы ждёте) второго ребёнка/u }],
  },
  {
    details: 'Саша познакомилась с Олегом на работе, а я познакомила их с родителями',
    relationships: ['Friend'],
    recipientName: 'Саша',
    facts: [{ key: /с Олегом/iu, woven: /ты познакомилась с Олегом на работе/iu }, { key: /с родителями/iu }],
    never: [/Саша познакомилась/iu],
  },
  {
    details: 'мы с ней дружим 20 лет',
    relationships: ['Friend', 'Sister'],
    facts: [{ key: /дружим 20 лет/iu, woven: /Мы с тобой дружим 20 лет/u }],
    never: [/с ней/iu, /(?<!\d)20 — /u],
  },
  {
    details: 'вчера родился сын',
    relationships: ['Friend', 'Brother'],
    facts: [{ key: /родился сын/iu }],
    never: [/ты вчера родился/iu],
  },
  {
    details: 'ей 25, любит горы ⛰️',
    relationships: ['Sister', 'Teacher'],
    facts: [{ key: /(?<!\d)25(?!\d)/u }, { key: /горы/iu, woven: /(?:[Тт]ы любишь|Вы любите) горы/u }],
    never: [/ей 25/iu, word('любит')],
  },
  {
    details: 'любит писать стихи, без смайлов',
    relationships: ['Friend'],
    facts: [{ key: /стихи/iu, woven: /ты любишь писать стихи/iu }],
    never: [/смайл/iu],
  },
  // Couples and groups: everything said to them is "вы".
  {
    details: 'познакомились в Париже 10 лет назад',
    relationships: ['Close Friend', 'Family Member'],
    recipientName: 'Аня и Саша',
    facts: [{ key: /Париж/iu, woven: /вы познакомились в Париже/iu }],
    never: [SINGULAR_YOU],
  },
  {
    details: 'они обожают путешествовать',
    relationships: ['Friend', 'Colleague'],
    recipientName: 'Лена & Игорь',
    facts: [{ key: /путешествовать/iu, woven: /вы обожаете путешествовать/iu }],
    never: [SINGULAR_YOU, /они обожают/iu],
  },
  {
    details: 'вместе уже 25 лет, любят танцевать',
    relationships: ['Family Member', 'Neighbour'],
    recipientName: 'Мария и Пётр',
    facts: [{ key: /25 лет/u }, { key: /танцевать/iu, woven: /вы любите танцевать/iu }],
    never: [SINGULAR_YOU, /любят танцевать/iu],
  },
  {
    details: 'она любит джаз',
    relationships: ['Friend'],
    recipientName: 'Аня и Саша',
    facts: [{ key: /джаз/iu }],
    never: [SINGULAR_YOU, /она любит/iu],
  },
  {
    details: 'переехали в новый дом в Сочи',
    relationships: ['Friend', 'Neighbour'],
    recipientName: 'Оля и Дима',
    facts: [{ key: /Сочи/u, woven: /вы переехали в новый дом в Сочи/iu }],
    never: [SINGULAR_YOU],
  },
  {
    details: 'мы были у них на свадьбе в 2015',
    relationships: ['Close Friend'],
    recipientName: 'Катя и Миша',
    facts: [{ key: /2015/u, woven: /мы были у вас на свадьбе в 2015/iu }],
    never: [SINGULAR_YOU, /у них/iu],
  },
  {
    details: 'Аня и Саша познакомились в университете',
    relationships: ['Friend'],
    recipientName: 'Аня и Саша',
    facts: [{ key: /в университете/iu, woven: /вы познакомились в университете/iu }],
    never: [SINGULAR_YOU],
  },
  {
    details: 'Они ждут малыша 👶',
    relationships: ['Friend', 'Family Member'],
    recipientName: 'Ира и Олег',
    facts: [{ key: /жд[её]те малыша|ждут малыша/iu, woven: /вы жд[её]те малыша/iu }],
    never: [SINGULAR_YOU, /ждут малыша/iu],
  },
  {
    details: 'обожают свою дачу',
    relationships: ['Family Member'],
    recipientName: 'Бабушка, дедушка и тётя Люба',
    facts: [{ key: /дачу/iu, woven: /вы обожаете свою дачу/iu }],
    never: [SINGULAR_YOU],
  },
];
