import { useTranslation } from '../../../lib/translation.tsx';
import { TextField, type TextFieldProps } from '../../../components/text-field.tsx';

/** The email input of the auth forms: always left-to-right, with the browser's email keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
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
      {...props}
    />
  );
}
