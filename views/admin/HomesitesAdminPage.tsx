import { Widget } from '../../src/render/widget.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import type { HomesiteEditorProps } from '../../src/shared/homesite-editor-props.js';
import { FilterSelect, optionsLabelledBy, optionsNamedByValue } from '../../src/shared/FilterSelect.js';
import { HOMESITE_STATUSES, STATUS_LABELS } from '../../src/shared/homesite-rules.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import type { HomesiteChangeView } from './homesite-change.js';
import { HomesiteChangeList } from './HomesiteChangeList.js';

export interface ImportReport {
  dryRun: boolean;
  changes: Array<{
    lot: number;
    line?: number;
    created: boolean;
    fields: Array<{ field: string; from: string; to: string }>;
  }>;
  problems: Array<{ line: number; column: string; message: string }>;
}

interface HomesitesAdminPageProps {
  communityName: string;
  staff: StaffViewer;
  filter: { status: string; plan: string; q: string };
  editor: HomesiteEditorProps;
  recent: HomesiteChangeView[];
  /** The community's IANA zone, for the times of the last changes. */
  timeZone: string;
  notice?: EditorNotice;
  /** The outcome of a CSV import just posted: the report, or why the upload could not be read. */
  importReport?: ImportReport;
  importNotice?: EditorNotice;
}

/** Where an import's outcome is shown, next to its form: the page after the post scrolls and focuses there. */
export const IMPORT_RESULT_ID = 'import-result';

/**
 * An import's outcome, focused when the page loads (autofocus on a tabindex=-1 box), so a keyboard or screen-reader
 * user lands on it rather than at the top of a 78-row table; the form's action carries its fragment for the scroll.
 */
function ImportResult({ report, notice }: { report?: ImportReport; notice?: EditorNotice }) {
  if (!report && !notice) return null;
  const failed = notice ? notice.kind === 'error' : report!.problems.length > 0;
  return (
    <div
      id={IMPORT_RESULT_ID}
      className={`homesite-import-report ${failed ? 'is-error' : 'is-success'}`}
      role={failed ? 'alert' : 'status'}
      tabIndex={-1}
      autoFocus
    >
      {report ? <ImportReportView report={report} /> : <p>{notice!.text}</p>}
    </div>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  if (report.problems.length > 0) {
    return (
      <>
        <h3>
          Nothing was imported: {report.problems.length} {report.problems.length === 1 ? 'problem' : 'problems'}
        </h3>
        <ul>
          {report.problems.map((problem, index) => (
            <li key={index}>
              Line {problem.line}
              {problem.column ? `, column ${problem.column}` : ''}: {problem.message}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <h3>
        {report.dryRun ? 'Dry run: this file would change' : 'Imported:'} {report.changes.length} homesites
        {report.dryRun ? ' (nothing was changed yet)' : ''}
      </h3>
      <ul>
        {report.changes.map((change) => (
          <li key={change.lot}>
            Line {change.line}: homesite {change.lot}
            {change.created ? ' (new)' : ''}:{' '}
            {change.fields.map((field) => `${field.field} ${field.from} → ${field.to}`).join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}

export function HomesitesAdminPage(props: HomesitesAdminPageProps) {
  const { communityName, staff, filter, editor, recent, timeZone, notice, importReport, importNotice } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/homesites">
      <h1>Homesites</h1>
      {notice ? (
        <p className={`homesite-notice is-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <form className="homesite-filter" method="get" action="/admin/homesites">
        <FilterSelect
          fieldClassName="staff-filter-field"
          id="filter-status"
          name="status"
          label="Status"
          anyLabel="Any status"
          options={optionsLabelledBy(HOMESITE_STATUSES, STATUS_LABELS)}
          defaultValue={filter.status}
        />
        <FilterSelect
          fieldClassName="staff-filter-field"
          id="filter-plan"
          name="plan"
          label="Plan"
          anyLabel="Any plan"
          options={optionsNamedByValue(editor.plans)}
          defaultValue={filter.plan}
        />
        <div className="staff-filter-field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" type="search" name="q" defaultValue={filter.q} placeholder="Lot or address" size={16} />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
        <a href="/admin/homesites">Clear</a>
      </form>
      <Widget name="HomesiteEditor" props={editor} />
      <section className="homesite-spreadsheet" aria-labelledby="spreadsheet-heading">
        <h2 id="spreadsheet-heading">Spreadsheet</h2>
        <p>
          <a className="button" href="/admin/homesites.csv" download>
            Export CSV
          </a>
        </p>
        <form
          className="upload-form"
          method="post"
          action={`/admin/homesites/import#${IMPORT_RESULT_ID}`}
          encType="multipart/form-data"
        >
          <input type="hidden" name="_csrf" value={staff.csrfToken} />
          <label>
            CSV file with the export’s columns (lot, status, plan, price, sqft, address, ready, version)
            <input type="file" name="file" accept=".csv,text/csv" required />
          </label>
          <label className="checkbox-label">
            <input type="checkbox" name="dry_run" value="1" defaultChecked /> Dry run: list the changes, apply nothing
          </label>
          <button type="submit" className="button">
            Import
          </button>
        </form>
        <ImportResult report={importReport} notice={importNotice} />
      </section>
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Last changes</h2>
        <HomesiteChangeList changes={recent} showLot timeZone={timeZone} />
      </section>
    </AdminLayout>
  );
}
