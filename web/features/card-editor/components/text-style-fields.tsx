import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { fontStackOf } from '../../../lib/card-fonts.ts';
import { cn } from '../../../lib/cn.ts';
import type { TextStyles } from '../../../../shared/cards/cards.contract.ts';
import { toLongHex } from '../lib/card-draft.ts';
import {
  FONT_FAMILIES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  type FontFamily,
} from '../../../../shared/cards/card-rules.ts';

/** Quick colour choices; the colour input offers any other. The first is the contract's default. */
const SWATCHES = ['#333', '#000000', '#6b21a8', '#be123c', '#ea580c', '#15803d', '#1d4ed8', '#b45309'];

/** The message as the preview shows it, or the placeholder before anything is written. */
export function PreviewText({ text }: { text: string }) {
  const { t } = useTranslation();
  return text || <span className="text-muted/80">{t('editor.previewPlaceholder')}</span>;
}

/**
 * Font, size and colour of the card text, with the message previewed live in them. The preview's text is
 * `previewText` (a `PreviewText`), given as an element so that only it renders again as the message is typed.
 */
export function TextStyleFields({
  values,
  onChange,
  previewText,
}: {
  values: TextStyles;
  onChange: <K extends keyof TextStyles>(key: K, value: TextStyles[K]) => void;
  previewText: ReactNode;
}) {
  const { t } = useTranslation();
  const fontId = useId();
  const sizeId = useId();
  const colorId = useId();
  const legendId = useId();
  const current = toLongHex(values.color);

  return (
    <fieldset aria-labelledby={legendId} className="space-y-4 rounded-3xl bg-plum-50/70 p-4">
      <legend id={legendId} className="float-start mb-1 text-sm font-extrabold text-plum-900">
        {t('editor.textStyle')}
      </legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fontId} className="text-sm font-bold text-ink">
            {t('editor.font')}
          </label>
          <select
            id={fontId}
            value={values.fontFamily}
            onChange={(e) => onChange('fontFamily', e.target.value as FontFamily)}
            className={cn(fieldInputClasses, 'border-plum-200')}
          >
            {FONT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {family === 'default' ? t('editor.fontDefault') : family}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={sizeId} className="flex justify-between text-sm font-bold text-ink">
            {t('editor.size')}
            <output htmlFor={sizeId} className="font-semibold text-plum-700 tabular-nums">
              {t('editor.sizeValue', { size: values.fontSize })}
            </output>
          </label>
          <input
            id={sizeId}
            type="range"
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            step={1}
            value={values.fontSize}
            aria-valuetext={t('editor.sizeValue', { size: values.fontSize })}
            onChange={(e) => onChange('fontSize', Number(e.target.value))}
            className="h-12 w-full accent-plum-600"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={colorId} className="text-sm font-bold text-ink">
          {t('editor.color')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={colorId}
            type="color"
            value={current}
            onChange={(e) => onChange('color', e.target.value)}
            className="h-10 w-14 cursor-pointer rounded-xl border border-plum-200 bg-white p-1"
          />
          {SWATCHES.map((swatch) => {
            const selected = toLongHex(swatch) === current;
            return (
              <button
                key={swatch}
                type="button"
                aria-pressed={selected}
                aria-label={t('editor.swatch', { color: toLongHex(swatch).toUpperCase() })}
                onClick={() => onChange('color', swatch)}
                style={{ backgroundColor: swatch }}
                className={cn(
                  'size-8 rounded-full border-2 border-white shadow-sm ring-2 transition-transform hover:scale-110',
                  selected ? 'ring-plum-600' : 'ring-transparent',
                )}
              />
            );
          })}
        </div>
      </div>
      <div>
        <p className="text-sm font-bold text-ink">{t('editor.preview')}</p>
        <div
          data-testid="editor-preview"
          dir="auto"
          style={{
            fontFamily: fontStackOf(values.fontFamily),
            fontSize: values.fontSize,
            color: values.color,
          }}
          className={cn(
            'mt-1.5 max-h-48 min-h-20 overflow-y-auto rounded-2xl border border-plum-100 bg-white px-4 py-3 text-start break-words whitespace-pre-wrap',
          )}
        >
          {previewText}
        </div>
      </div>
    </fieldset>
  );
}
