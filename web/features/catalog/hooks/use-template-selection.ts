import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { paths } from '../../../config/paths.ts';
import { highlightState } from '../lib/highlight-state.ts';

/**
 * What clicking a template does (SPEC §2): a New Drops template opens its category page, which scrolls to it,
 * highlights it and then opens its editor; any other template opens the preview dialog.
 */
export function useTemplateSelection() {
  const navigate = useNavigate();
  const [previewTemplate, setPreviewTemplate] = useState<TemplateSummary | null>(null);

  const selectTemplate = useCallback(
    (template: TemplateSummary, context: { fromNewDrops: boolean }) => {
      if (context.fromNewDrops) {
        void navigate(paths.category(template.categoryName), { state: highlightState(template.id) });
      } else {
        setPreviewTemplate(template);
      }
    },
    [navigate],
  );

  const closePreview = useCallback(() => setPreviewTemplate(null), []);
  return { previewTemplate, selectTemplate, closePreview };
}
