/** Formatting for the Markdown report. Sizes use KiB (1,024 bytes), as Lighthouse does. */

export const KIB = 1024;

export function bytes(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value < KIB) return `${value} B`;
  if (value < KIB * KIB) return `${(value / KIB).toFixed(1)} KiB`;
  return `${(value / KIB / KIB).toFixed(2)} MiB`;
}

export function kib(valueKiB: number): string {
  return `${(valueKiB / KIB).toFixed(1)} MiB`;
}

export function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function fixed(value: number | undefined, digits: number): string {
  return value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits);
}

export function integer(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '—' : Math.round(value).toLocaleString('en-US');
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** A cell may not contain a raw pipe or newline. */
function cell(value: string): string {
  return value.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `| ${headers.map(cell).join(' | ')} |`;
  const rule = `|${headers.map(() => '---').join('|')}|`;
  const body = rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}

export function code(value: string): string {
  return value ? `\`${value}\`` : '';
}
