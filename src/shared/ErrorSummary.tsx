/** One problem of a form: its message and the id of the field it is about. */
export interface FormProblem {
  fieldId: string;
  message: string;
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
 * The list of a form's problems at its top, each a link to its field (the GOV.UK error summary). Shared by the
 * contact form (a widget) and the tour form (a view).
 */
export function ErrorSummary({ id, problems, focusOnLoad }: ErrorSummaryProps) {
  if (problems.length === 0) return null;
  const headingId = `${id}-heading`;
  return (
    <div
      id={id}
      className="error-summary"
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      autoFocus={focusOnLoad}
    >
      <h2 id={headingId} className="error-summary-heading">
        There is a problem
      </h2>
      <ul className="error-summary-list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
