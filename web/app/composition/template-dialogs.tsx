import { PenLine } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import type { TemplateSummary } from '../../../shared/catalog/catalog.contract.ts';
import { Button } from '../../components/button.tsx';
import type { useCardEditor } from '../../features/card-editor/hooks/use-card-editor.ts';
import { useOnceOpened } from '../../lib/use-once-opened.ts';
import { LazyCardEditorDialog, loadEditorDialog } from './card-editor-loader.tsx';

// The catalog pages load without the editor: the preview's code is fetched once the page is idle, the
// editor's (with its strings) once a preview is open, so a click rarely waits for either.
const loadPreviewDialog = () => import('../../features/catalog/components/template-preview-dialog.tsx');
const TemplatePreviewDialog = lazy(() =>
  loadPreviewDialog().then((m) => ({ default: m.TemplatePreviewDialog })),
);

function usePrefetchWhenIdle(load: () => Promise<unknown>, when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const prefetch = () => void load().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetch, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1000);
    return () => clearTimeout(timer);
  }, [load, when]);
}

/**
 * The catalog's template preview with its 'Create a winc' action, and the card editor it opens (told whether
 * the sender's plan writes in other languages): composed here because features do not import each other
 * (DESIGN §2).
 */
export function TemplateDialogs({
  previewTemplate,
  onClosePreview,
  editor,
  onCloseEditor,
}: {
  previewTemplate: TemplateSummary | null;
  onClosePreview: () => void;
  editor: ReturnType<typeof useCardEditor>;
  /** Defaults to closing the editor. */
  onCloseEditor?: () => void;
}) {
  const { t } = useTranslation();
  const previewShown = useOnceOpened(previewTemplate !== null);
  usePrefetchWhenIdle(loadPreviewDialog, true);
  usePrefetchWhenIdle(loadEditorDialog, previewTemplate !== null);
  return (
    <Suspense fallback={null}>
      {previewShown && (
        <TemplatePreviewDialog
          template={previewTemplate}
          onClose={onClosePreview}
          actions={
            previewTemplate && (
              <Button
                size="lg"
                className="flex-1"
                onClick={() => {
                  editor.openCreate(previewTemplate);
                  onClosePreview();
                }}
              >
                <PenLine aria-hidden="true" className="size-4" />
                {t('editor.createAction')}
              </Button>
            )
          }
        />
      )}
      <LazyCardEditorDialog target={editor.target} onClose={onCloseEditor ?? editor.close} />
    </Suspense>
  );
}
