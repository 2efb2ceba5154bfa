import { HOMESITE_STATUSES, STATUS_LABELS, type HomesiteStatus } from '../src/shared/homesite-rules.js';

/**
 * Each status has a colour AND a pattern, so the map does not rely on colour alone (WCAG 1.4.1): available is
 * plain, quick move-in dotted, under contract striped, sold cross-hatched, model homes ringed, future releases
 * outlined with dashes.
 */
export const STATUS_COLOURS: Record<HomesiteStatus, string> = {
  available: '#2f8a4f',
  'quick-move-in': '#1f62a8',
  'under-contract': '#b86e00',
  sold: '#59606b',
  model: '#a8432c',
  future: '#8a8f96',
};

export const patternId = (status: HomesiteStatus) => `lot-fill-${status}`;

function PatternMarks({ status }: { status: HomesiteStatus }) {
  const ink = '#ffffff';
  switch (status) {
    case 'quick-move-in':
      return <circle cx="5" cy="5" r="2" fill={ink} />;
    case 'under-contract':
      return <path d="M-1 1 l2 -2 M0 10 L10 0 M9 11 l2 -2" stroke={ink} strokeWidth="2" />;
    case 'sold':
      return <path d="M0 0 L10 10 M10 0 L0 10" stroke={ink} strokeWidth="1.6" />;
    case 'model':
      return <circle cx="5" cy="5" r="3" fill="none" stroke={ink} strokeWidth="1.5" />;
    case 'future':
      return <path d="M0 5 H10" stroke="#59606b" strokeWidth="1" strokeDasharray="2 2" />;
    default:
      return null;
  }
}

/** The patterns, once per page: the map's shapes and the legend's swatches point at them by id. */
export function StatusPatterns() {
  return (
    <svg className="lot-patterns" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {HOMESITE_STATUSES.map((status) => (
          <pattern key={status} id={patternId(status)} width="10" height="10" patternUnits="userSpaceOnUse">
            <rect
              width="10"
              height="10"
              fill={status === 'future' ? '#f4f4f2' : STATUS_COLOURS[status]}
              fillOpacity={status === 'future' ? 0.85 : 0.72}
            />
            <PatternMarks status={status} />
          </pattern>
        ))}
      </defs>
    </svg>
  );
}

/** A small legend swatch in the status's colour and pattern. */
export function StatusSwatch({ status }: { status: HomesiteStatus }) {
  return (
    <svg className="lot-swatch" width="28" height="20" viewBox="0 0 28 20" aria-hidden="true" focusable="false">
      <rect
        x="1"
        y="1"
        width="26"
        height="18"
        rx="3"
        fill={`url(#${patternId(status)})`}
        stroke={STATUS_COLOURS[status]}
        strokeWidth="2"
        strokeDasharray={status === 'future' ? '4 3' : undefined}
      />
    </svg>
  );
}

/** An `<option>` per status, labelled as buyers and staff read it. */
export function StatusOptions({ statuses = HOMESITE_STATUSES }: { statuses?: readonly HomesiteStatus[] }) {
  return statuses.map((status) => (
    <option key={status} value={status}>
      {STATUS_LABELS[status]}
    </option>
  ));
}
