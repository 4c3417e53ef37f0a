import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The user's photo, or the first letter of their name on the brand gradient. Decorative (names sit beside it). */
export function UserAvatar({
  name,
  image,
  className,
}: {
  name: string;
  image: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
  const showImage = image !== null && failed !== image;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-plum-600 to-coral-500 text-sm font-black text-white',
        className,
      )}
    >
      {showImage ? (
        <img src={image} alt="" className="size-full object-cover" onError={() => setFailed(image)} />
      ) : (
        initial
      )}
    </span>
  );
}
