/**
 * The Latin words an Arabic or Russian text may hold: the product's and other brands' names, file formats and
 * technical names, the close button's 'X' (a glyph), the resolution suffix ('720p'), the example address, and
 * the icon keywords an admin types (matched as written, see web/features/catalog/components/event-icon-keywords.ts).
 * Any other Latin word in an ar or ru text is English left untranslated; plan names are translated.
 */
export const LATIN_NAMES: ReadonlySet<string> = new Set(
  [
    'Winc WINC WINCS Google Apple Pay Chrome Safari Edge Firefox HandBrake Windows Mac Linux Outlook WhatsApp',
    'Telegram SMS QR',
    'JPEG JPG PNG WebP GIF AVIF CSV PDF MP4 UTF Excel SMTP URL X p you@example.com birthday wedding eid',
  ].flatMap((line) => line.split(' ')),
);

/** The Latin words of a text, `{{name}}` placeholders left out ("Winc." gives "Winc"). */
export function latinWords(text: string): string[] {
  return text.replace(/\{\{\s*\w+\s*\}\}/g, ' ').match(/[A-Za-z][A-Za-z@.]*[A-Za-z]|[A-Za-z]/g) ?? [];
}
