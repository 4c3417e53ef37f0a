import { useTranslation } from '../../../lib/translation.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** The email input of the auth forms: always left-to-right, with the browser's email keyboard and autofill. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      dir="ltr"
      placeholder={t('auth.fields.emailPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
