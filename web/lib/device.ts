const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;
const MOBILE_MAX_WIDTH = 768;

/** SPEC §9 mobile detection: a mobile user agent, or a narrow (≤ 768 px) touch screen. */
export function isMobileDevice(): boolean {
  if (MOBILE_UA.test(navigator.userAgent)) return true;
  const touch = navigator.maxTouchPoints > 0 || 'ontouchstart' in window;
  return touch && window.innerWidth <= MOBILE_MAX_WIDTH;
}
