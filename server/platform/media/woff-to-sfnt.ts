import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_RECORD = 16;

/**
 * A WOFF 1.0 font (W3C WOFF File Format 1.0) as the plain TrueType/OpenType file it wraps: each table
 * inflated once. fontkit reads WOFF files directly but inflates a compressed table on every access, the
 * whole `glyf` table for each glyph it decodes or subsets, which made a PDF's fonts cost seconds.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('Not a WOFF 1.0 font');
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table does not inflate to its length');
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  // The WOFF directory is sorted by tag, as the sfnt one must be; each table starts on a 4-byte boundary.
  const padded = (length: number) => (length + 3) & ~3;
  let offset = SFNT_HEADER + numTables * SFNT_RECORD;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), offset);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(Math.max(1, numTables)));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + i * SFNT_RECORD;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
