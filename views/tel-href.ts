/** A `tel:` link for a US number shown as (123) 456-7890. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
