import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '../../../shared/catalog/catalog.contract.ts';
import { includesAdvancedAi } from '../../../shared/payments/plans.ts';
import { Button } from '../../components/button.tsx';
import { CardEditorDialog } from '../../features/card-editor/components/card-editor-dialog.tsx';
import type { useCardEditor } from '../../features/card-editor/hooks/use-card-editor.ts';
import { TemplatePreviewDialog } from '../../features/catalog/components/template-preview-dialog.tsx';
import { useCurrentUser } from '../../features/session/api/session-query.ts';

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
  const user = useCurrentUser();
  return (
    <>
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
      <CardEditorDialog
        target={editor.target}
        onClose={onCloseEditor ?? editor.close}
        multilingual={includesAdvancedAi(user?.tier ?? null)}
      />
    </>
  );
}
