import type { ReactNode, SelectHTMLAttributes } from 'react';

interface FilterSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The field box's class, as each filter bar styles it. */
  fieldClassName: string;
  label: string;
  id: string;
  children: ReactNode;
}

/** One labelled drop-down of a filter bar (the lot map's, the inbox's): its label above it, in a field box. */
export function FilterSelect({ fieldClassName, label, id, children, ...select }: FilterSelectProps) {
  return (
    <div className={fieldClassName}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}
