import { VISIT_FIELDS, type VisitContext } from './visit-context.js';

/**
 * A lead form's hidden visit fields, every one present (empty when unknown) so the browser can replace them all
 * with the visit's first landing page (widgets/first-landing.ts). Uncontrolled: React never writes them back.
 */
export function VisitFields({ visit }: { visit: VisitContext }) {
  return (
    <>
      {VISIT_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} defaultValue={visit[field] ?? ''} />
      ))}
    </>
  );
}
