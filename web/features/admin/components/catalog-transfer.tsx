import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { adminApi } from '../../../../shared/api-paths.ts';
import { buttonClasses } from '../../../components/button.tsx';
import { showToast } from '../../../components/toast.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useImportArchive } from '../api/use-admin.ts';
import { FormError, SelectField } from './admin-fields.tsx';

/** The whole catalog as one archive: download it, or import one (added and updated, or replacing all). */
export function CatalogTransfer() {
  const { t } = useTranslation();
  const importArchive = useImportArchive();
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  return (
    <section className="max-w-2xl space-y-5">
      <p className="text-sm text-muted">{t('admin.transfer.intro')}</p>
      <a href={adminApi.archive} download className={buttonClasses('primary', 'md')}>
        <Download aria-hidden="true" className="size-4" />
        {t('admin.transfer.export')}
      </a>
      <div className="space-y-3 rounded-2xl border border-plum-100 bg-white p-4">
        <SelectField
          label={t('admin.transfer.import')}
          value={mode}
          onChange={(v) => setMode(v as typeof mode)}
        >
          <option value="merge">{t('admin.transfer.merge')}</option>
          <option value="replace">{t('admin.transfer.replace')}</option>
        </SelectField>
        <p className="text-xs text-muted">{t('admin.transfer.replaceHint')}</p>
        <label className={buttonClasses('secondary', 'md')}>
          <Upload aria-hidden="true" className="size-4" />
          {t('admin.transfer.import')}
          <input
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            disabled={importArchive.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              importArchive.mutate(
                { file, mode },
                { onSuccess: (result) => showToast(t('admin.transfer.imported', result)) },
              );
            }}
          />
        </label>
        <FormError error={importArchive.error} />
      </div>
    </section>
  );
}
