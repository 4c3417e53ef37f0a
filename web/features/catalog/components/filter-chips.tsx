import { useTranslation } from '../../../lib/translation.tsx';
import type { Category, Style } from '../../../../shared/catalog/catalog.contract.ts';
import { Chip, ChipRow } from '../../../components/chip.tsx';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';

interface NamedFilterProps<T extends Style | Category> {
  items: readonly T[];
  /** The selected canonical name, or null for "All". */
  selected: string | null;
  onChange: (name: string | null) => void;
  label: string;
}

function NamedFilter<T extends Style | Category>({ items, selected, onChange, label }: NamedFilterProps<T>) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  if (items.length === 0) return null;
  return (
    <ChipRow label={label}>
      <Chip pressed={selected === null} onClick={() => onChange(null)}>
        {t('common.all')}
      </Chip>
      {items.map((item) => (
        <Chip
          key={item.id}
          pressed={selected?.toLocaleLowerCase() === item.name.toLocaleLowerCase()}
          onClick={() => onChange(item.name)}
        >
          {localized(item)}
        </Chip>
      ))}
    </ChipRow>
  );
}

/** The category page's style filter: All + the styles present on the page. */
export function StyleFilter(
  props: Omit<NamedFilterProps<Style>, 'label' | 'items'> & { styles: readonly Style[] },
) {
  const { t } = useTranslation();
  return <NamedFilter {...props} items={props.styles} label={t('catalog.styleFilter')} />;
}

/** The style page's category filter: All + the categories present in the style. */
export function CategoryFilter(
  props: Omit<NamedFilterProps<Category>, 'label' | 'items'> & { categories: readonly Category[] },
) {
  const { t } = useTranslation();
  return <NamedFilter {...props} items={props.categories} label={t('catalog.categoryFilter')} />;
}
