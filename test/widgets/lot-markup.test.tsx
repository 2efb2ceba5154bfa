import { expect } from 'chai';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  HOMESITE_STATUSES,
  STATUS_LABELS,
  formatNumber,
  type HomesiteStatus,
} from '../../src/shared/homesite-rules.js';
import type { HomesiteSummary } from '../../views/homesites/homesite-summary.js';
import { homesiteTableRows } from '../../views/homesites/homesite-table-rows.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import type { EditorHomesite } from '../../src/shared/homesite-editor-props.js';
import { editorRowCells } from '../../widgets/lot-editor-row.js';
import type { LotMapLot, LotMapShape } from '../../src/shared/lot-map-props.js';
import { escapeHtml } from '../../src/shared/lot-markup.js';
import { lotShapesMarkup } from '../../widgets/lot-shapes-markup.js';
import { patternId, STATUS_COLOURS } from '../../widgets/lot-status-style.js';
import { all, parseHtml, text } from '../support/html.js';

/**
 * The per-lot markup written as text must be what React wrote before, byte for byte, and escape what it inserts.
 * Each case renders the React elements the pages used to render for the same data and compares.
 */
const NASTY = `O'Hara & <Sons> "Row" </td><script>alert(1)</script>`;

const render = (element: React.ReactElement) => renderToString(element);

describe('Lot markup written as text', () => {
  describe('escapeHtml', () => {
    for (const value of [NASTY, 'plain', '', '&amp; already', 'a\u2028b', 42]) {
      it(`escapes ${JSON.stringify(value)} as React does, in text and in attributes`, () => {
        expect(`<p title="${escapeHtml(value)}">${escapeHtml(value)}</p>`).to.equal(
          render(<p title={String(value)}>{value}</p>),
        );
      });
    }

    it('leaves no markup of its own in what it escapes', () => {
      expect(escapeHtml(NASTY)).to.equal(
        'O&#x27;Hara &amp; &lt;Sons&gt; &quot;Row&quot; &lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      );
    });
  });

  describe('the site plan table rows', () => {
    const summary = (lot: number, status: HomesiteStatus, plan: string | null): HomesiteSummary => ({
      lot,
      status,
      statusLabel: STATUS_LABELS[status],
      plan: plan ? { name: plan, href: undefined } : null,
      price: lot * 1000,
      priceText: lot % 2 ? `$${lot},000 & up` : null,
      sqft: 7000,
      sqftText: '7,000 sq ft',
      address: NASTY,
      ready: null,
      readyText: null,
      fits: [],
      href: `/homesites/${lot}`,
    });
    const homesites = [summary(1, 'available', null), summary(2, 'sold', NASTY), summary(3, 'future', 'Overlook')];

    it('are the rows React rendered, with a plan name full of markup characters escaped', () => {
      const react = render(
        <tbody>
          {homesites.map((homesite) => (
            <tr key={homesite.lot} data-lot={homesite.lot} data-status={homesite.status}>
              <th scope="row">
                <a href={homesite.href} aria-label={`Homesite ${homesite.lot}`}>
                  {homesite.lot}
                </a>
              </th>
              <td>{homesite.statusLabel}</td>
              <td data-label="Plan">{homesite.plan?.name ?? '—'}</td>
              <td data-label="Price">{homesite.priceText ?? '—'}</td>
              <td data-label="Lot size">{homesite.sqftText ?? '—'}</td>
            </tr>
          ))}
        </tbody>,
      );
      expect(`<tbody>${homesiteTableRows(homesites)}</tbody>`).to.equal(react);
    });

    it('parse back to the same facts: one row per homesite, the plan name as text', () => {
      const table = parseHtml(`<table><tbody>${homesiteTableRows(homesites)}</tbody></table>`);
      const rows = all(table, 'tr');
      expect(rows.map((row) => row.attrs['data-lot'])).to.deep.equal(['1', '2', '3']);
      expect(all(rows[1]!, 'td').map(text)).to.deep.equal(['Sold', NASTY, '—', '7,000 sq ft']);
      expect(all(table, 'script')).to.deep.equal([]);
    });
  });

  describe('the lot map shapes', () => {
    const lots = new Map<number, LotMapLot>(
      HOMESITE_STATUSES.map((status, index) => [
        index + 1,
        { lot: index + 1, status, plan: index % 2 ? 'Overlook' : null, price: null, sqft: 7000, ready: null, fits: [] },
      ]),
    );
    const shapes: LotMapShape[] = [
      { lot: 1, kind: 'rect', attributes: { x: '1', y: '2', width: '30', height: '40' }, label: { x: 16, y: 22 } },
      {
        lot: 2,
        kind: 'polygon',
        attributes: { points: '0,0 10,0 10,10', transform: `"><script>` },
        label: { x: 6.7, y: 3.3 },
      },
      { lot: 3, kind: 'path', attributes: { d: 'M0 0 L10 0 L10 10 Z' }, label: { x: 6.7, y: 3.3 } },
      ...[4, 5, 6].map((lot) => ({
        lot,
        kind: 'rect' as const,
        attributes: { x: '0', y: '0' },
        label: { x: 1, y: 1 },
      })),
      // A shape with no homesite row is not drawn.
      { lot: 99, kind: 'rect', attributes: { x: '0', y: '0' }, label: { x: 1, y: 1 } },
    ];
    const filter = { status: '' as const, plan: 'Overlook' };

    it('are the links React rendered: data-lot, data-status, colour, pattern, dimmed by the filter, attributes escaped', () => {
      const react = render(
        <svg>
          {shapes.map((shape) => {
            const lot = lots.get(shape.lot);
            if (!lot) return null;
            const matches = lot.plan === filter.plan;
            return (
              <a
                key={shape.lot}
                href={`/homesites/${shape.lot}`}
                tabIndex={-1}
                aria-label={`Homesite ${shape.lot}: ${STATUS_LABELS[lot.status]}`}
                className={`lot-link${matches ? '' : ' is-dimmed'}`}
                data-lot={shape.lot}
                data-status={lot.status}
              >
                {createElement(shape.kind, {
                  ...shape.attributes,
                  className: 'lot-shape',
                  fill: `url(#${patternId(lot.status)})`,
                  stroke: STATUS_COLOURS[lot.status],
                  strokeDasharray: lot.status === 'future' ? '6 4' : undefined,
                })}
                <text className="lot-number" x={shape.label.x} y={shape.label.y} aria-hidden="true">
                  {shape.lot}
                </text>
              </a>
            );
          })}
        </svg>,
      );
      const written = lotShapesMarkup(shapes, lots, filter);
      expect(`<svg>${written}</svg>`).to.equal(react);
      expect(written).to.include('transform="&quot;&gt;&lt;script&gt;"');
    });
  });

  describe('the staff editor rows', () => {
    const plans = ['Sweetwater II', NASTY, 'Overlook'];
    const csrfToken = `tok"en<&>`;
    const rows: EditorHomesite[] = [
      { lot: 7, status: 'quick-move-in', plan: NASTY, price: 612000, sqft: 8240, ready: '2027-02-26', version: 3 },
      { lot: 8, status: 'future', plan: null, price: null, sqft: null, ready: null, version: 1 },
    ];
    const notice: EditorNotice = { kind: 'error', text: `Not saved: <b>"x"</b> & more` };

    /** The row as the editor rendered it with React (not yet enhanced), before it was written as text. */
    function ReactRow({ row, notice }: { row: EditorHomesite; notice: EditorNotice | undefined }) {
      const form = `homesite-${row.lot}`;
      return (
        <tr>
          <td>
            <input
              type="checkbox"
              name="lots"
              value={row.lot}
              form="homesite-bulk"
              aria-label={`Select homesite ${row.lot}`}
            />
          </td>
          <th scope="row">
            <a href={`/homesites/${row.lot}`}>{row.lot}</a>
          </th>
          <td>
            <select name="status" form={form} defaultValue={row.status} aria-label={`Status of homesite ${row.lot}`}>
              {HOMESITE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </td>
          <td>
            <select name="plan" form={form} defaultValue={row.plan ?? ''} aria-label={`Plan of homesite ${row.lot}`}>
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
            <form id={form} method="post" action={`/admin/homesites/${row.lot}`}>
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
    }

    for (const [index, row] of rows.entries()) {
      const rowNotice = index === 0 ? notice : undefined;
      it(`writes lot ${row.lot}'s cells as React did${rowNotice ? ', with its notice' : ''}, every value escaped`, () => {
        expect(`<tr>${editorRowCells(row, { plans, csrfToken, notice: rowNotice })}</tr>`).to.equal(
          render(<ReactRow row={row} notice={rowNotice} />),
        );
      });
    }

    it('selects the stored plan even when its name is full of markup characters', () => {
      const cells = parseHtml(`<table><tr>${editorRowCells(rows[0]!, { plans, csrfToken, notice })}</tr></table>`);
      const selected = all(cells, 'option').filter((option) => 'selected' in option.attrs);
      expect(selected.map((option) => option.attrs.value)).to.deep.equal(['quick-move-in', NASTY]);
      expect(all(cells, 'script')).to.deep.equal([]);
      expect(text(all(cells, 'span')[0]!)).to.equal(notice.text);
    });
  });
});
