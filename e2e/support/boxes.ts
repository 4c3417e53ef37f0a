import type { Locator } from 'playwright-core';

/** Where an element is on screen, in CSS pixels from the viewport's top left. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
