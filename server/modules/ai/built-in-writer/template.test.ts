import { describe, expect, it } from 'vitest';
import { fill } from './template.ts';

const to = (count: 'one' | 'two' | 'many', polite = false, gender: 'male' | 'female' | null = null) => ({
  vars: { to: 'Аня' },
  gender,
  polite,
  count,
});

describe('fill: the forms for one person, a couple and a group', () => {
  it('picks the informal, polite or plural form of address', () => {
    expect(fill('Обнимаю {тебя|Вас|вас}, {to}!', to('one'))).toBe('Обнимаю тебя, Аня!');
    expect(fill('Обнимаю {тебя|Вас|вас}, {to}!', to('one', true))).toBe('Обнимаю Вас, Аня!');
    expect(fill('Обнимаю {тебя|Вас|вас}, {to}!', to('two'))).toBe('Обнимаю вас, Аня!');
    expect(fill('Обнимаю {тебя|Вас}!', to('many'))).toBe('Обнимаю Вас!');
  });

  it('gives a couple and a group their own forms, and leaves out a line that has none for them', () => {
    const line = '<عزيزي|عزيزتي|عزيزي|عزيزيّ|أعزائي> {to}';
    expect(fill(line, to('one', false, 'female'))).toBe('عزيزتي Аня');
    expect(fill(line, to('two'))).toBe('عزيزيّ Аня');
    expect(fill(line, to('many'))).toBe('أعزائي Аня');
    expect(fill('<Дорогой|Дорогая|Дорогие> {to}', to('two'))).toBeNull();
    expect(fill('<Дорогой|Дорогая|Дорогой(ая)|Дорогие> {to}', to('many'))).toBe('Дорогие Аня');
    expect(
      fill('<one of my favourite people|one of my favourite people|one of my favourite people|!>', to('two')),
    ).toBeNull();
  });
});
