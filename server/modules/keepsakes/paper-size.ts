import type { PaperSize } from './card-pdf.ts';

/** Where Letter is the paper people have at home (the US, Canada, Mexico and their neighbours); A5 elsewhere. */
const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PH',
  'CL',
  'CO',
  'VE',
  'CR',
  'GT',
  'PR',
  'DO',
  'PA',
  'SV',
]);

/** The paper of the requester's first language with a region (`en-US` → Letter); A5 without one. */
export function paperSizeFor(acceptLanguage: string | undefined): PaperSize {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const region = /^\s*[a-z]{2,3}-([a-z]{2})\b/iu.exec(part)?.[1];
    if (region) return LETTER_REGIONS.has(region.toUpperCase()) ? 'LETTER' : 'A5';
  }
  return 'A5';
}
