import type { SelectHTMLAttributes } from 'react';

/** One choice of a filter: the value the form sends and the words shown. */
export interface FilterOption {
  value: string;
  label: string;
}

/** Choices shown as their own value (sources, plan names). */
export function optionsNamedByValue(values: readonly string[]): FilterOption[] {
  return values.map((value) => ({ value, label: value }));
}

/** Choices labelled from a table (statuses). */
export function optionsLabelledBy<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
): FilterOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

interface FilterSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** The field box's class, as each filter bar styles it. */
  fieldClassName: string;
  label: string;
  id: string;
  /** The first choice, which filters nothing ("All plans"); its value is empty. */
  anyLabel: string;
  options: readonly FilterOption[];
}

/** One labelled drop-down of a filter bar (the lot map's, the inbox's): its label above it, in a field box. */
export function FilterSelect({ fieldClassName, label, id, anyLabel, options, ...select }: FilterSelectProps) {
  return (
    <div className={fieldClassName}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
