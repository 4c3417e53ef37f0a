/**
 * What messengers show: Open Graph's large image, 1.91:1. Apart from the renderer (`link-preview-image.ts`),
 * which loads only when a preview is drawn, so a share page can name the size without loading it.
 */
export const LINK_PREVIEW_SIZE = { width: 1200, height: 630 } as const;
