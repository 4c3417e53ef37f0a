import { describe, expect, it } from 'vitest';
import { cycleFromSearch, inAppPath, isPurchaseSuccess } from './pricing-url.ts';

const search = (text: string) => new URLSearchParams(text);

describe('cycleFromSearch', () => {
  it('reads a known cycle and ignores anything else', () => {
    expect(cycleFromSearch(search('cycle=bulk'))).toBe('bulk');
    expect(cycleFromSearch(search('cycle=monthly'))).toBe('monthly');
    expect(cycleFromSearch(search('cycle=yearly'))).toBeNull();
    expect(cycleFromSearch(search(''))).toBeNull();
  });
});

describe('isPurchaseSuccess', () => {
  it('is true only for success=true', () => {
    expect(isPurchaseSuccess(search('success=true'))).toBe(true);
    expect(isPurchaseSuccess(search('success=true&cycle=bulk'))).toBe(true);
    expect(isPurchaseSuccess(search('success=1'))).toBe(false);
    expect(isPurchaseSuccess(search(''))).toBe(false);
  });
});

describe('inAppPath', () => {
  const origin = 'https://winc.example';

  it('keeps our own pages, relative or absolute', () => {
    expect(inAppPath('/test-checkout/abc', origin)).toBe('/test-checkout/abc');
    expect(inAppPath('https://winc.example/test-checkout/abc?x=1', origin)).toBe('/test-checkout/abc?x=1');
  });

  it('leaves other sites to a real navigation', () => {
    expect(inAppPath('https://checkout.stripe.com/c/pay/cs_test_1', origin)).toBeNull();
    expect(inAppPath('//checkout.stripe.com/x', origin)).toBeNull();
    expect(inAppPath('http://winc.example/test-checkout/abc', origin)).toBeNull();
    expect(inAppPath('javascript:alert(1)', origin)).toBeNull();
  });
});
