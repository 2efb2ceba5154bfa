import { useState, type FormEvent } from 'react';
import {
  formatNumber,
  HOMESITE_STATUSES,
  homesiteFactProblems,
  STATUS_LABELS,
  type HomesiteFacts,
  type HomesiteStatus,
} from '../src/shared/homesite-rules.js';
import {
  fromStored,
  type EditorHomesite,
  type EditorNotice,
  type HomesiteEditorProps,
  type StoredHomesite,
} from './homesite-editor-types.js';
import { useEnhanced } from './use-enhanced.js';

const BULK_FORM = 'homesite-bulk';
const rowFormId = (lot: number) => `homesite-${lot}`;

/** A form's fields as the call's JSON: empty plan, price and ready are null; a price that is not digits stays text. */
function factsFrom(form: HTMLFormElement): HomesiteFacts & { version: number } {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const price = text('price');
  return {
    status: text('status') as HomesiteStatus,
    plan: text('plan') || null,
    price: price === '' ? null : /^\d+$/.test(price) ? Number(price) : (price as unknown as number),
    ready: text('ready') || null,
    version: Number(text('version')),
  };
}

async function postJson(url: string, csrfToken: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

function errorText(body: unknown): string {
  const problems = (body as { problems?: unknown }).problems;
  if (Array.isArray(problems) && problems.length > 0) return problems.join('; ');
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' ? error : 'The change could not be saved.';
}

/**
 * The staff homesite table: every row is a form that saves without JavaScript; in the browser a save is a JSON
 * call that keeps the page, a 409 shows what is stored now (nothing is overwritten), and many rows can be
 * selected and given one status at once.
 */
export default function HomesiteEditor({ homesites, plans, csrfToken, total, rowNotice }: HomesiteEditorProps) {
  const enhanced = useEnhanced();
  const [rows, setRows] = useState<EditorHomesite[]>(homesites);
  const [notices, setNotices] = useState<Record<number, EditorNotice>>(
    rowNotice ? { [rowNotice.lot]: rowNotice.notice } : {},
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkNotice, setBulkNotice] = useState<EditorNotice | null>(null);
  const [busy, setBusy] = useState(false);

  const replaceRows = (stored: StoredHomesite[]) => {
    const byLot = new Map(stored.map((row) => [row.lot, fromStored(row)]));
    setRows((current) => current.map((row) => byLot.get(row.lot) ?? row));
  };
  const notify = (lot: number, notice: EditorNotice) => setNotices((current) => ({ ...current, [lot]: notice }));

  async function save(event: FormEvent<HTMLFormElement>, lot: number) {
    event.preventDefault();
    const body = factsFrom(event.currentTarget);
    const problems = homesiteFactProblems(body, plans);
    if (problems.length > 0) {
      notify(lot, { kind: 'error', text: problems.map((problem) => problem.message).join('; ') });
      return;
    }
    try {
      const answer = await postJson(`/admin/homesites/${lot}`, csrfToken, body);
      if (answer.status === 200) {
        replaceRows([answer.body as StoredHomesite]);
        notify(lot, { kind: 'success', text: 'Saved.' });
      } else if (answer.status === 409) {
        const stored = answer.body as StoredHomesite;
        replaceRows([stored]);
        notify(lot, {
          kind: 'error',
          text: `Not saved: ${stored.updated_by ?? 'someone'} changed homesite ${lot} meanwhile. The row now shows what is stored; make your change again if it still applies.`,
        });
      } else notify(lot, { kind: 'error', text: errorText(answer.body) });
    } catch {
      notify(lot, { kind: 'error', text: 'The network failed; nothing was saved. Try again.' });
    }
  }

  async function saveBulk(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = String(new FormData(event.currentTarget).get('status') ?? '');
    if (selected.size === 0) {
      setBulkNotice({ kind: 'error', text: 'Select one or more homesites first.' });
      return;
    }
    setBusy(true);
    try {
      const answer = await postJson('/admin/homesites/bulk', csrfToken, { lots: [...selected], status });
      if (answer.status === 200) {
        replaceRows((answer.body as { homesites: StoredHomesite[] }).homesites);
        setBulkNotice({
          kind: 'success',
          text: `${selected.size} homesites set to ${STATUS_LABELS[status as HomesiteStatus] ?? status}.`,
        });
        setSelected(new Set());
      } else setBulkNotice({ kind: 'error', text: `Nothing changed: ${errorText(answer.body)}` });
    } catch {
      setBulkNotice({ kind: 'error', text: 'The network failed; nothing was changed. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (lot: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(lot);
      else next.delete(lot);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.lot));

  return (
    <div className="homesite-editor">
      <form
        id={BULK_FORM}
        className="homesite-bulk"
        method="post"
        action="/admin/homesites/bulk"
        onSubmit={enhanced ? saveBulk : undefined}
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        <label>
          Set the selected homesites to{' '}
          <select name="status" defaultValue="sold">
            {HOMESITE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" className="button" disabled={busy}>
          Apply to selected{enhanced ? ` (${selected.size})` : ''}
        </button>
        <span className={`homesite-notice${bulkNotice ? ` is-${bulkNotice.kind}` : ''}`} role="status">
          {bulkNotice?.text}
        </span>
      </form>
      <div className="homesite-editor-scroll">
        <table className="homesite-editor-table">
          <caption>{rows.length === total ? `All ${total} homesites` : `${rows.length} of ${total} homesites`}</caption>
          <thead>
            <tr>
              <th scope="col">
                {enhanced ? (
                  <input
                    type="checkbox"
                    aria-label="Select all shown homesites"
                    checked={allSelected}
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(rows.map((row) => row.lot)) : new Set())
                    }
                  />
                ) : (
                  <span className="visually-hidden">Select</span>
                )}
              </th>
              <th scope="col">Lot</th>
              <th scope="col">Status</th>
              <th scope="col">Plan</th>
              <th scope="col">Price (USD)</th>
              <th scope="col">Ready</th>
              <th scope="col">Lot size</th>
              <th scope="col">Save</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const form = rowFormId(row.lot);
              const notice = notices[row.lot];
              // Inputs are uncontrolled and keyed by version: a save or a 409 shows the stored row afresh.
              const key = `${row.lot}-${row.version}`;
              return (
                <tr key={key} data-lot={row.lot} data-status={row.status}>
                  <td>
                    <input
                      type="checkbox"
                      name="lots"
                      value={row.lot}
                      form={BULK_FORM}
                      aria-label={`Select homesite ${row.lot}`}
                      checked={enhanced ? selected.has(row.lot) : undefined}
                      onChange={enhanced ? (event) => toggle(row.lot, event.target.checked) : undefined}
                    />
                  </td>
                  <th scope="row">
                    <a href={`/homesites/${row.lot}`}>{row.lot}</a>
                  </th>
                  <td>
                    <select
                      name="status"
                      form={form}
                      defaultValue={row.status}
                      aria-label={`Status of homesite ${row.lot}`}
                    >
                      {HOMESITE_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {STATUS_LABELS[status]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      name="plan"
                      form={form}
                      defaultValue={row.plan ?? ''}
                      aria-label={`Plan of homesite ${row.lot}`}
                    >
                      <option value="">—</option>
                      {plans.map((plan) => (
                        <option key={plan} value={plan}>
                          {plan}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      name="price"
                      form={form}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      size={9}
                      defaultValue={row.price ?? ''}
                      aria-label={`Price of homesite ${row.lot} in dollars`}
                    />
                  </td>
                  <td>
                    <input
                      type="date"
                      name="ready"
                      form={form}
                      defaultValue={row.ready ?? ''}
                      aria-label={`Ready date of homesite ${row.lot}`}
                    />
                  </td>
                  <td>{row.sqft === null ? '—' : formatNumber(row.sqft)}</td>
                  <td className="homesite-actions-cell">
                    <form
                      id={form}
                      method="post"
                      action={`/admin/homesites/${row.lot}`}
                      onSubmit={enhanced ? (event) => void save(event, row.lot) : undefined}
                    >
                      <input type="hidden" name="_csrf" value={csrfToken} />
                      <input type="hidden" name="version" value={row.version} />
                      <button type="submit" className="button button-small" aria-label={`Save homesite ${row.lot}`}>
                        Save
                      </button>{' '}
                      <a href={`/admin/homesites/${row.lot}/history`} aria-label={`History of homesite ${row.lot}`}>
                        History
                      </a>
                    </form>
                    <span className={`homesite-notice${notice ? ` is-${notice.kind}` : ''}`} role="status">
                      {notice?.text}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
