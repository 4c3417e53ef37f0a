/** Stands for the address in the translated sentence, then gives way to it: a private-use character no text has. */
const SLOT = '\uE000';

/**
 * A translated sentence that names an email address: the address in its own left-to-right isolate (`<bdi>`),
 * so its dots, @ and hyphens keep their order inside Arabic text and the sentence's punctuation stays the
 * sentence's; kept on one line when it fits (a line never breaks at its hyphen), broken anywhere only when
 * it is wider than the line.
 */
export function SentenceWithAddress({
  sentence,
  address,
}: {
  /** The translation, with the address's placeholder filled by what it is handed. */
  sentence: (address: string) => string;
  address: string;
}) {
  const [before = '', ...after] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      <bdi dir="ltr" className="inline-block max-w-full font-semibold [overflow-wrap:anywhere]">
        {address}
      </bdi>
      {after.join(address)}
    </>
  );
}
