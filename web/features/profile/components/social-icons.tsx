/** Brand marks for the Contact Us links (simple single-colour glyphs; decorative, the links carry names). */

const common = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function InstagramIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function TikTokIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} fill="currentColor">
      <path d="M16.6 3c.3 2.2 1.6 3.7 3.9 3.9v3.1c-1.4.1-2.7-.3-3.9-1.1v5.9c0 3.6-2.6 6.2-6 6.2-3.2 0-5.8-2.5-5.8-5.8 0-3.6 3-6.2 6.7-5.7v3.2c-1.7-.4-3.4.6-3.4 2.5 0 1.5 1.1 2.6 2.5 2.6 1.6 0 2.6-1 2.6-3V3h3.4Z" />
    </svg>
  );
}

export function XIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} fill="currentColor">
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L1.9 3h6.3l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </svg>
  );
}

export function FacebookIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className} fill="currentColor">
      <path d="M13.5 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3Z" />
    </svg>
  );
}
