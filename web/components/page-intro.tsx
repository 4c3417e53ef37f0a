/** Eyebrow, title and lead paragraph at the top of a content page (Help Center, FAQs, mailbox). */
export function PageIntro({ eyebrow, title, intro }: { eyebrow: string; title: string; intro?: string }) {
  return (
    <header className="max-w-2xl">
      <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">{eyebrow}</p>
      <h1 className="mt-1 text-3xl leading-tight font-black text-balance text-ink sm:text-4xl">{title}</h1>
      {intro && <p className="mt-3 text-base leading-relaxed text-muted sm:text-lg">{intro}</p>}
    </header>
  );
}
