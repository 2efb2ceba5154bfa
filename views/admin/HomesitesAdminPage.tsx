import { Widget } from '../../src/render/widget.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { StatusOptions } from '../../widgets/lot-status-style.js';
import type { HomesiteEditorProps } from '../../src/shared/homesite-editor-props.js';
import { AdminLayout } from './AdminLayout.js';
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
  staff: { username: string; csrfToken: string };
  filter: { status: string; plan: string; q: string };
  editor: HomesiteEditorProps;
  recent: HomesiteChangeView[];
  notice?: EditorNotice;
  importReport?: ImportReport;
}

function ImportReportView({ report }: { report: ImportReport }) {
  if (report.problems.length > 0) {
    return (
      <div className="homesite-import-report is-error" role="alert">
        <h3>Nothing was imported: {report.problems.length} problems</h3>
        <ul>
          {report.problems.map((problem, index) => (
            <li key={index}>
              Line {problem.line}
              {problem.column ? `, column ${problem.column}` : ''}: {problem.message}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="homesite-import-report is-success" role="status">
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
    </div>
  );
}

export function HomesitesAdminPage(props: HomesitesAdminPageProps) {
  const { communityName, staff, filter, editor, recent, notice, importReport } = props;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/homesites">
      <h1>Homesites</h1>
      {notice ? (
        <p className={`homesite-notice is-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <form className="homesite-filter" method="get" action="/admin/homesites">
        <label>
          Status{' '}
          <select name="status" defaultValue={filter.status}>
            <option value="">All</option>
            <StatusOptions />
          </select>
        </label>{' '}
        <label>
          Plan{' '}
          <select name="plan" defaultValue={filter.plan}>
            <option value="">All</option>
            {editor.plans.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Search <input type="search" name="q" defaultValue={filter.q} placeholder="Lot or address" size={16} />
        </label>{' '}
        <button type="submit" className="button">
          Filter
        </button>{' '}
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
        <form className="upload-form" method="post" action="/admin/homesites/import" encType="multipart/form-data">
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
        {importReport ? <ImportReportView report={importReport} /> : null}
      </section>
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Last changes</h2>
        <HomesiteChangeList changes={recent} showLot />
      </section>
    </AdminLayout>
  );
}
