import encodeQR from 'qr';

export interface LinkQrCode {
  /** Modules per side, without a quiet zone. */
  size: number;
  /** Row by row, `true` where a module is dark. */
  modules: boolean[][];
  /** An SVG path of the dark modules in a `0 0 size size` box, one rectangle per run of a row. */
  path: string;
}

/**
 * The QR code of a link, computed in the browser (nothing is sent anywhere). Error correction "medium"
 * (15 %) reads well from a screen, even a scratched or dim one, and keeps a card link at version 3–4,
 * large modules at the size the share dialog draws it.
 */
export function linkQrCode(link: string): LinkQrCode {
  // The library draws a quiet zone of at least one module; the dialog draws its own around the symbol.
  const modules = encodeQR(link, 'raw', { ecc: 'medium', border: 1 })
    .slice(1, -1)
    .map((row) => row.slice(1, -1));
  let path = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return { size: modules.length, modules, path };
}
