const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;
const MOBILE_MAX_WIDTH = 768;

/** SPEC §9 mobile detection: a mobile user agent, or a narrow (≤ 768 px) touch screen. */
export function isMobileDevice(): boolean {
  if (MOBILE_UA.test(navigator.userAgent)) return true;
  const touch = navigator.maxTouchPoints > 0 || 'ontouchstart' in window;
  return touch && window.innerWidth <= MOBILE_MAX_WIDTH;
}

/** A touch screen without a mouse: the page says 'Tap' where a desktop says 'Click'. */
export function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/**
 * The visitor asked to save data, or the connection is slow: animations are skipped and media waits for a
 * tap, so the cover and the voice come first.
 */
export function prefersLightweight(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}
