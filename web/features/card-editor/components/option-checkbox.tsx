/** One of the card's on/off options in the editor: a checkbox with its label and a line saying what it does. */
export function OptionCheckbox({
  checked,
  onChange,
  label,
  hint,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  testId?: string;
}) {
  return (
    <label className="mt-3 flex cursor-pointer items-start gap-2.5 text-sm text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
        className="mt-0.5 size-4.5 shrink-0 accent-plum-600"
      />
      <span>
        <span className="font-bold">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}
