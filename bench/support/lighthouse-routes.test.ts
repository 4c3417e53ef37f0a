import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '../../web/config/paths.ts';
import {
  MEASURED_PAGES,
  UNMEASURED_ROUTES,
  type BenchFixtures,
  type RouteName,
} from './lighthouse-routes.ts';

const ROUTES = Object.keys(routePatterns) as RouteName[];

const FIXTURES: BenchFixtures = {
  category: 'Birthday',
  style: 'Floral',
  cardId: 'card-1',
  invitationId: 'card-2',
  orderId: 'order-1',
  nextShareLink: async () => '/c/card-3',
  nextGuestLink: async () => '/i/token-1',
};

describe('the Lighthouse bench’s pages', () => {
  it('measure every route of the app, or name it with the reason it is not measured', () => {
    const measured = new Set(MEASURED_PAGES.map((page) => page.route));
    const missing = ROUTES.filter((route) => !measured.has(route) && !(route in UNMEASURED_ROUTES));
    expect(missing).toEqual([]);
  });

  it('leave out only routes that exist, each with a reason, and none they also measure', () => {
    for (const [route, reason] of Object.entries(UNMEASURED_ROUTES)) {
      expect(ROUTES).toContain(route);
      expect(reason?.trim()).not.toBe('');
      expect(MEASURED_PAGES.map((page) => page.route)).not.toContain(route);
    }
  });

  it('open the route they name', async () => {
    for (const page of MEASURED_PAGES) {
      if (!page.route) continue;
      const pathname = new URL(await page.path(FIXTURES, 'en'), 'http://bench').pathname;
      expect(matchPath(routePatterns[page.route], pathname), `${page.name}: ${pathname}`).not.toBeNull();
    }
  });

  it('have one name each', () => {
    const names = MEASURED_PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('take the pages people land on as landing pages: home, a category, a share link, an invitation', async () => {
    const landing = MEASURED_PAGES.filter((page) => page.landing);
    expect(landing.map((page) => page.name)).toEqual(['home', 'category', 'share-link', 'guest-invitation']);
    const recipientLinks = await Promise.all(
      MEASURED_PAGES.filter((page) => !page.route).map(async (page) =>
        (await page.path(FIXTURES, 'en')).slice(0, 3),
      ),
    );
    expect(recipientLinks.sort()).toEqual(['/c/', '/i/']);
  });
});
