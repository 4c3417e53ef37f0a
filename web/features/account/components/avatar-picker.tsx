import { Camera } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { AVATAR_ACCEPTED_TYPES, AVATAR_MAX_BYTES } from '../../../../shared/accounts/account-rules.ts';
import { cn } from '../../../lib/cn.ts';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** Why a chosen file cannot be the avatar (locale key + values), or null when it can. */
export function avatarFileProblem(file: File): { key: string; values?: Record<string, unknown> } | null {
  if (!(AVATAR_ACCEPTED_TYPES as readonly string[]).includes(file.type))
    return { key: 'account.avatar.notImage' };
  if (file.size > AVATAR_MAX_BYTES) return { key: 'account.avatar.tooLarge', values: { size: MAX_MB } };
  return null;
}

/**
 * The avatar with a "Change photo" button: images only, checked here for type and size (the server checks
 * again and re-encodes); the choice is previewed until it is saved.
 */
export function AvatarPicker({
  name,
  image,
  file,
  onFile,
  disabled,
}: {
  name: string;
  image: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ key: string; values?: Record<string, unknown> } | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = preview ?? image;
  const initial = Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <div className="relative">
        <div
          className={cn(
            'flex size-28 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-plum-600 to-coral-500 text-4xl font-black text-white ring-4 ring-plum-100',
          )}
        >
          {shown ? (
            <img src={shown} alt={t('account.avatar.alt')} className="size-full object-cover" />
          ) : (
            <span aria-hidden="true">{initial}</span>
          )}
        </div>
        <label
          htmlFor={inputId}
          className={cn(
            'absolute -end-1 bottom-0 inline-flex size-10 cursor-pointer items-center justify-center rounded-full border-2 border-white bg-plum-700 text-white shadow-card hover:bg-plum-800',
            disabled && 'pointer-events-none opacity-60',
          )}
          title={t('account.avatar.change')}
        >
          <Camera aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('account.avatar.change')}</span>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          data-testid="avatar-input"
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (!chosen) return;
            const found = avatarFileProblem(chosen);
            setProblem(found);
            onFile(found ? null : chosen);
          }}
        />
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        {t('account.avatar.hint', { size: MAX_MB })}
      </p>
      {file && !problem && (
        <button
          type="button"
          className="text-xs font-bold text-plum-700 hover:underline"
          onClick={() => onFile(null)}
        >
          {t('account.avatar.undo')}
        </button>
      )}
      {problem && (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {t(problem.key, problem.values)}
        </p>
      )}
    </div>
  );
}
