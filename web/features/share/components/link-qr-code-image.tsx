import { linkQrCode } from '../../../lib/link-qr-code.ts';

/** Modules of white around the symbol: the quiet zone a camera needs to find it. */
const QUIET_ZONE = 4;

/**
 * A link's QR code as an SVG, computed in the browser. Loaded on demand (with its QR library) when the share
 * dialog opens, so no page's first load carries it. Black on white whatever the theme: scanners need the contrast.
 */
export function LinkQrCodeImage({ link, label }: { link: string; label: string }) {
  const code = linkQrCode(link);
  const box = code.size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="share-qr"
      viewBox={`-${QUIET_ZONE} -${QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-xl bg-white"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
