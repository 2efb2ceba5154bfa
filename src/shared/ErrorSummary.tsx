/** A field with a problem: its id and its label. */
export interface FormProblem {
  fieldId: string;
  label: string;
}

interface ErrorSummaryProps {
  /** Names the summary's heading, unique on the page. */
  id: string;
  problems: readonly FormProblem[];
  /**
   * Takes focus on load: the page a post without JavaScript gets back opens on the list of its problems rather
   * than at the top of the page with the messages below the fold. `autofocus` needs no script.
   */
  focusOnLoad: boolean;
}

/**
 * The list of a form's problems at its top, each a link to its field (the GOV.UK error summary). Each link is
 * named by the field's label: the problem itself is said once, next to its field, where the link leads. Focus
 * announces the summary by its heading, so it is a labelled group rather than a second alert. Shared by the
 * contact form (a widget) and the tour form (a view).
 */
export function ErrorSummary({ id, problems, focusOnLoad }: ErrorSummaryProps) {
  if (problems.length === 0) return null;
  const headingId = `${id}-heading`;
  return (
    <div
      id={id}
      className="error-summary"
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      autoFocus={focusOnLoad}
    >
      <h2 id={headingId} className="error-summary-heading">
        There is a problem with {problems.length === 1 ? 'this field' : `these ${problems.length} fields`}
      </h2>
      <ul className="error-summary-list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`}>{problem.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
