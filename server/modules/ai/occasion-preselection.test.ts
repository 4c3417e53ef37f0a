import { describe, expect, it } from 'vitest';
import {
  OCCASIONS,
  occasionForTemplate,
  recipientCount,
  type Occasion,
} from '../../../shared/ai/ai-message.contract.ts';
import demoCatalog from '../catalog/demo/demo-catalog.json' with { type: 'json' };

/** What the AI dialog must start on for each demo category, whatever language the catalog names it in. */
const EXPECTED: Record<string, Occasion> = {
  birthday: 'Birthday',
  wedding: 'Wedding',
  graduation: 'Graduation',
  valentines: "Valentine's Day",
  ramadan: 'Holiday/Ramadan',
  eid: 'Holiday/Eid',
  christmas: 'Holiday/Christmas',
  halloween: 'Holiday/Halloween',
  'thank-you': 'Thank You',
  congrats: 'Congratulations',
  'new-baby': 'New Baby',
  'get-well': 'Get Well Soon',
  'just-because': 'Just Because',
  easter: 'Just Because',
};

describe('occasionForTemplate', () => {
  it('starts every demo category on its occasion, in English, Arabic and Russian', () => {
    expect(demoCatalog.categories.map((category) => category.id).sort()).toEqual(
      Object.keys(EXPECTED).sort(),
    );
    for (const category of demoCatalog.categories) {
      const names = [category.name, category.translations.ar, category.translations.ru];
      for (const categoryName of names) {
        expect(occasionForTemplate({ categoryName }), `${category.id}: ${categoryName}`).toBe(
          EXPECTED[category.id],
        );
      }
    }
  });

  it('starts every demo event on its occasion, in English, Arabic and Russian', () => {
    const expected: Record<string, Occasion> = {
      'evt-birthday': 'Birthday',
      'evt-wedding': 'Wedding',
      'evt-graduation': 'Graduation',
      'evt-ramadan': 'Holiday/Ramadan',
      'evt-christmas': 'Holiday/Christmas',
      'evt-baby-shower': 'Baby Shower',
      'evt-halloween': 'Holiday/Halloween',
    };
    for (const event of demoCatalog.events) {
      for (const name of [event.name, event.translations.ar, event.translations.ru]) {
        expect(occasionForTemplate({ categoryName: name }), `${event.id}: ${name}`).toBe(expected[event.id]);
      }
    }
  });

  it('knows the occasions that are not demo categories, in three languages', () => {
    const cases: Array<[string, Occasion]> = [
      ['Engagement', 'Engagement'],
      ['Помолвка', 'Engagement'],
      ['خطوبة', 'Engagement'],
      ['Anniversary', 'Anniversary'],
      ['Годовщина свадьбы', 'Anniversary'],
      ['ذكرى الزواج', 'Anniversary'],
      ['Bridal Shower', 'Bridal Shower'],
      ['Девичник', 'Bridal Shower'],
      ['Housewarming', 'Housewarming'],
      ['Новоселье', 'Housewarming'],
      ['منزل جديد', 'Housewarming'],
      ['Retirement', 'Retirement'],
      ['Выход на пенсию', 'Retirement'],
      ['تقاعد', 'Retirement'],
      ['Eid al-Adha', 'Holiday/Eid al-Adha'],
      ['Курбан-байрам', 'Holiday/Eid al-Adha'],
      ['عيد الأضحى', 'Holiday/Eid al-Adha'],
      ['عيد ميلاد', 'Birthday'],
      ['عيد الميلاد المجيد', 'Holiday/Christmas'],
    ];
    for (const [categoryName, occasion] of cases) {
      expect(occasionForTemplate({ categoryName }), categoryName).toBe(occasion);
    }
  });

  it("falls back to the template's name, then to Birthday", () => {
    expect(occasionForTemplate({ categoryName: 'Seasonal', templateName: 'Happy Retirement' })).toBe(
      'Retirement',
    );
    expect(occasionForTemplate({ categoryName: 'Seasonal', templateName: 'Sunset' })).toBe('Birthday');
    expect(occasionForTemplate({})).toBe('Birthday');
    expect(OCCASIONS).toContain('Invitation');
  });
});

describe('recipientCount', () => {
  it('counts the people a name names', () => {
    expect(recipientCount('Anna')).toBe('one');
    expect(recipientCount('Andrew Anderson')).toBe('one');
    expect(recipientCount('Jo & Sam')).toBe('two');
    expect(recipientCount('Jo and Sam')).toBe('two');
    expect(recipientCount('Аня и Саша')).toBe('two');
    expect(recipientCount('Иван')).toBe('one');
    expect(recipientCount('سارة وأحمد')).toBe('two');
    expect(recipientCount('وليد')).toBe('one');
    expect(recipientCount('Ana, Jo & Sam')).toBe('many');
  });
});
