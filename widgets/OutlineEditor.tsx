import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  clampPoint,
  copyLot,
  labelOf,
  moveLot,
  nextFreeLot,
  numberingProblems,
  snapPoint,
  type OutlineLot,
  type OutlinePoint,
} from '../src/shared/outline-geometry.js';
import { useEnhanced } from './use-enhanced.js';
import { useLeaveWarning } from './use-leave-warning.js';

export interface OutlineEditorProps {
  slug: string;
  csrfToken: string;
  drawing: { src: string; width: number; height: number };
  lots: OutlineLot[];
}

/** How near (in screen pixels) a new corner snaps to another lot's corner, and closes a shape at its first. */
const SNAP_PIXELS = 8;

interface Snapshot {
  lots: OutlineLot[];
  draft: OutlinePoint[];
}

interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Tool = 'draw' | 'select';

const sorted = (lots: OutlineLot[]) => [...lots].sort((a, b) => a.lot - b.lot);
const pointsText = (points: readonly OutlinePoint[]) => points.map(([x, y]) => `${x},${y}`).join(' ');
const PAN_STEP = 0.2;

/**
 * The lot outline editor over a community's site-plan drawing (decision 054): draw a lot corner by corner with the
 * mouse (or by typing its coordinates), close it, number it; select, move, copy, renumber and delete lots; drag or
 * arrow-key a corner; zoom and pan; undo. It saves the whole list with `PUT /admin/communities/<slug>/outlines`.
 * The server renders the drawing with its outlines and the table of lots: what a browser without JavaScript reads.
 */
export default function OutlineEditor({ slug, csrfToken, drawing, lots: initialLots }: OutlineEditorProps) {
  const enhanced = useEnhanced();
  const { width, height } = drawing;
  const [state, setState] = useState<Snapshot>({ lots: sorted(initialLots), draft: [] });
  const [undoStack, setUndoStack] = useState<Snapshot[]>([]);
  const [redoStack, setRedoStack] = useState<Snapshot[]>([]);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [point, setPoint] = useState<number | undefined>(undefined);
  const [tool, setTool] = useState<Tool>('draw');
  const [view, setView] = useState<ViewBox>({ x: 0, y: 0, width, height });
  const [nextNumber, setNextNumber] = useState(() => String(nextFreeLot(initialLots)));
  const [typed, setTyped] = useState({ x: '', y: '' });
  const [announcement, setAnnouncement] = useState('');
  const [saveResult, setSaveResult] = useState<{ ok: boolean; text: string; errors: string[] } | undefined>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [pixelWidth, setPixelWidth] = useState<number | undefined>(undefined);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<
    | { kind: 'point'; lot: number; index: number; before: Snapshot; moved: boolean }
    | { kind: 'lot'; lot: number; from: OutlinePoint; before: Snapshot; start: OutlineLot; moved: boolean }
    | { kind: 'pan'; from: { x: number; y: number }; start: ViewBox }
    | undefined
  >(undefined);

  const { lots, draft } = state;
  const selectedLot = lots.find((entry) => entry.lot === selected);

  /** A change that undo takes back. */
  const commit = useCallback(
    (next: Snapshot, message: string, before: Snapshot = state) => {
      setUndoStack((stack) => [...stack.slice(-199), before]);
      setRedoStack([]);
      setState({ lots: sorted(next.lots), draft: next.draft });
      setDirty(true);
      setSaveResult(undefined);
      setAnnouncement(message);
    },
    [state],
  );

  useLeaveWarning(dirty);

  const unitsPerPixel = () => view.width / Math.max(1, svgRef.current?.clientWidth ?? width);

  /** Where a pointer is on the drawing, in its viewBox units. */
  function drawingPoint(event: { clientX: number; clientY: number }): OutlinePoint {
    const svg = svgRef.current!;
    const matrix = svg.getScreenCTM()!.inverse();
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    // As fine as a screen pixel shows: whole units on a large drawing seen whole, tenths once zoomed in.
    const step = Math.max(0.1, 10 ** Math.floor(Math.log10(unitsPerPixel())));
    const round = (value: number) => Math.round(value / step) * step;
    return clampPoint([round(at.x), round(at.y)], width, height);
  }

  function addPoint(raw: OutlinePoint, how: string) {
    const radius = SNAP_PIXELS * unitsPerPixel();
    const first = draft[0];
    if (first && draft.length >= 3 && Math.hypot(first[0] - raw[0], first[1] - raw[1]) <= radius) {
      closeShape();
      return;
    }
    const snapped = snapPoint(raw, lots, radius);
    const joined = snapped !== raw;
    commit(
      { lots, draft: [...draft, snapped] },
      `Corner ${draft.length + 1} of the new lot ${how} at ${snapped[0]}, ${snapped[1]}${joined ? ', on a neighbor’s corner' : ''}.`,
    );
  }

  function closeShape() {
    if (draft.length < 3) {
      setAnnouncement('A lot needs at least three corners before its shape is closed.');
      return;
    }
    const lot = Number(nextNumber);
    if (!Number.isInteger(lot) || lot < 1) {
      setAnnouncement('Give the new lot a number: a whole number from 1.');
      return;
    }
    if (lots.some((entry) => entry.lot === lot)) {
      setAnnouncement(`Lot ${lot} is drawn already: give the new lot another number.`);
      return;
    }
    const next = [...lots, { lot, points: draft }];
    commit({ lots: next, draft: [] }, `Lot ${lot} drawn with ${draft.length} corners.`);
    setSelected(lot);
    setPoint(undefined);
    setNextNumber(String(nextFreeLot(next)));
  }

  function restore(snapshot: Snapshot) {
    setState(snapshot);
    setNextNumber(String(nextFreeLot(snapshot.lots)));
    // The selection stays where it still names a lot and a corner: undoing a corner's move keeps it chosen.
    const still = snapshot.lots.find((entry) => entry.lot === selected);
    if (!still) setSelected(undefined);
    if (!still || point === undefined || point >= still.points.length) setPoint(undefined);
    setDirty(true);
    setSaveResult(undefined);
  }

  function undo() {
    const previous = undoStack[undoStack.length - 1];
    if (!previous) return setAnnouncement('Nothing to undo.');
    setUndoStack(undoStack.slice(0, -1));
    setRedoStack([...redoStack, state]);
    restore(previous);
    setAnnouncement('Undone.');
  }

  function redo() {
    const next = redoStack[redoStack.length - 1];
    if (!next) return setAnnouncement('Nothing to redo.');
    setRedoStack(redoStack.slice(0, -1));
    setUndoStack([...undoStack, state]);
    restore(next);
    setAnnouncement('Redone.');
  }

  function selectLot(lot: number | undefined) {
    setSelected(lot);
    setPoint(undefined);
    const entry = lots.find((candidate) => candidate.lot === lot);
    setAnnouncement(entry ? `Lot ${entry.lot} selected: ${entry.points.length} corners.` : 'No lot selected.');
  }

  function deleteLot() {
    if (!selectedLot) return;
    const next = lots.filter((entry) => entry.lot !== selectedLot.lot);
    commit({ lots: next, draft }, `Lot ${selectedLot.lot} deleted.`);
    setSelected(undefined);
    setPoint(undefined);
    setNextNumber(String(nextFreeLot(next)));
  }

  function renumber(text: string) {
    if (!selectedLot) return;
    const lot = Number(text);
    if (!Number.isInteger(lot) || lot < 1) return setAnnouncement('A lot number is a whole number from 1.');
    if (lot === selectedLot.lot) return;
    if (lots.some((entry) => entry.lot === lot)) return setAnnouncement(`Lot ${lot} is drawn already.`);
    const next = lots.map((entry) => (entry.lot === selectedLot.lot ? { ...entry, lot } : entry));
    commit({ lots: next, draft }, `Lot ${selectedLot.lot} is now lot ${lot}.`);
    setSelected(lot);
    setNextNumber(String(nextFreeLot(next)));
  }

  function copySelected() {
    if (!selectedLot) return setAnnouncement('Select a lot to copy first.');
    const copy = copyLot(selectedLot, lots, width, height);
    const next = [...lots, copy];
    commit(
      { lots: next, draft },
      `Lot ${selectedLot.lot} copied as lot ${copy.lot}, beside it. Move it with the arrow keys or drag it.`,
    );
    setSelected(copy.lot);
    setPoint(undefined);
    setNextNumber(String(nextFreeLot(next)));
  }

  function replaceLot(entry: OutlineLot) {
    return lots.map((candidate) => (candidate.lot === entry.lot ? entry : candidate));
  }

  function setCorner(index: number, value: OutlinePoint, message: string) {
    if (!selectedLot) return;
    const points = selectedLot.points.map((corner, at) => (at === index ? clampPoint(value, width, height) : corner));
    commit({ lots: replaceLot({ lot: selectedLot.lot, points }), draft }, message);
  }

  function deleteCorner() {
    if (!selectedLot || point === undefined) return;
    if (selectedLot.points.length <= 3) return setAnnouncement('A lot keeps at least three corners.');
    const points = selectedLot.points.filter((_, at) => at !== point);
    commit(
      { lots: replaceLot({ lot: selectedLot.lot, points }), draft },
      `Corner ${point + 1} of lot ${selectedLot.lot} deleted.`,
    );
    setPoint(undefined);
  }

  /** Arrow keys move the chosen corner, or the selected lot; Shift moves ten times as far. */
  function nudge(dx: number, dy: number) {
    if (!selectedLot) return false;
    if (point !== undefined) {
      const [x, y] = selectedLot.points[point]!;
      const moved = clampPoint([x + dx, y + dy], width, height);
      setCorner(point, moved, `Corner ${point + 1} of lot ${selectedLot.lot} at ${moved[0]}, ${moved[1]}.`);
    } else {
      const moved = moveLot(selectedLot, dx, dy, width, height);
      const [x, y] = labelOf(moved.points);
      commit({ lots: replaceLot(moved), draft }, `Lot ${selectedLot.lot} moved, its middle at ${x}, ${y}.`);
    }
    return true;
  }

  function zoom(factor: number, around?: OutlinePoint) {
    setView((current) => {
      const nextWidth = Math.min(width, Math.max(width / 20, current.width * factor));
      const nextHeight = (nextWidth / width) * height;
      const [cx, cy] = around ?? [current.x + current.width / 2, current.y + current.height / 2];
      const x = cx - ((cx - current.x) / current.width) * nextWidth;
      const y = cy - ((cy - current.y) / current.height) * nextHeight;
      return keepInside({ x, y, width: nextWidth, height: nextHeight });
    });
  }

  function keepInside(box: ViewBox): ViewBox {
    return {
      ...box,
      x: Math.min(width - box.width, Math.max(0, box.x)),
      y: Math.min(height - box.height, Math.max(0, box.y)),
    };
  }

  function pan(dx: number, dy: number) {
    setView((current) =>
      keepInside({ ...current, x: current.x + dx * current.width, y: current.y + dy * current.height }),
    );
  }

  useEffect(() => {
    const svg = svgRef.current;
    if (!enhanced || !svg) return;
    const observer = new ResizeObserver(() => setPixelWidth(svg.clientWidth || undefined));
    observer.observe(svg);
    return () => observer.disconnect();
  }, [enhanced]);

  const zoomRef = useRef(zoom);
  const drawingPointRef = useRef(drawingPoint);
  // The wheel listener reads the latest zoom and pointer mapping (they close over the view).
  useEffect(() => {
    zoomRef.current = zoom;
    drawingPointRef.current = drawingPoint;
  });
  // The wheel zooms the drawing, not the page: a passive React listener could not prevent the page's scroll.
  useEffect(() => {
    const svg = svgRef.current;
    if (!enhanced || !svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomRef.current(event.deltaY < 0 ? 0.8 : 1.25, drawingPointRef.current(event));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [enhanced]);

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0) return;
    const target = event.target as Element;
    const corner = target.closest('[data-corner]');
    const shape = target.closest('[data-lot]');
    if (tool === 'select' && corner && selectedLot) {
      const index = Number(corner.getAttribute('data-corner'));
      setPoint(index);
      drag.current = { kind: 'point', lot: selectedLot.lot, index, before: state, moved: false };
      svgRef.current?.setPointerCapture(event.pointerId);
      return;
    }
    if (tool === 'select' && shape) {
      const lot = Number(shape.getAttribute('data-lot'));
      const entry = lots.find((candidate) => candidate.lot === lot);
      if (!entry) return;
      if (lot !== selected) selectLot(lot);
      drag.current = { kind: 'lot', lot, from: drawingPoint(event), before: state, start: entry, moved: false };
      svgRef.current?.setPointerCapture(event.pointerId);
      return;
    }
    // Drawing adds a corner on click (below), so a finger swiping over the drawing scrolls the page instead.
    if (tool === 'draw') return;
    if (selected !== undefined) selectLot(undefined);
    drag.current = { kind: 'pan', from: { x: event.clientX, y: event.clientY }, start: view };
    svgRef.current?.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const current = drag.current;
    if (!current) return;
    if (current.kind === 'pan') {
      const scale = current.start.width / Math.max(1, svgRef.current?.clientWidth ?? width);
      setView(
        keepInside({
          ...current.start,
          x: current.start.x - (event.clientX - current.from.x) * scale,
          y: current.start.y - (event.clientY - current.from.y) * scale,
        }),
      );
      return;
    }
    const at = drawingPoint(event);
    current.moved = true;
    if (current.kind === 'point') {
      const snapped = snapPoint(at, lots, SNAP_PIXELS * unitsPerPixel(), current.lot);
      setState((now) => ({
        ...now,
        lots: now.lots.map((entry) =>
          entry.lot === current.lot
            ? { ...entry, points: entry.points.map((corner, index) => (index === current.index ? snapped : corner)) }
            : entry,
        ),
      }));
    } else {
      const moved = moveLot(current.start, at[0] - current.from[0], at[1] - current.from[1], width, height);
      setState((now) => ({ ...now, lots: now.lots.map((entry) => (entry.lot === current.lot ? moved : entry)) }));
    }
  }

  function onPointerUp() {
    const current = drag.current;
    drag.current = undefined;
    if (!current || current.kind === 'pan' || !current.moved) return;
    const entry = state.lots.find((candidate) => candidate.lot === current.lot);
    if (!entry) return;
    const message =
      current.kind === 'point'
        ? `Corner ${current.index + 1} of lot ${current.lot} moved to ${entry.points[current.index]![0]}, ${entry.points[current.index]![1]}.`
        : `Lot ${current.lot} moved.`;
    commit(state, message, current.before);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const typing = target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !typing) {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y' && !typing) {
      event.preventDefault();
      redo();
      return;
    }
    if (typing) return;
    const step = event.shiftKey ? 10 : 1;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const arrow = arrows[event.key];
    if (arrow && nudge(arrow[0], arrow[1])) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && draft.length > 0 && target.tagName !== 'BUTTON') {
      event.preventDefault();
      closeShape();
    } else if (event.key === 'Escape' && draft.length > 0) {
      commit({ lots, draft: [] }, 'The new lot’s corners are cleared.');
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && selectedLot && target.tagName !== 'BUTTON') {
      event.preventDefault();
      if (point !== undefined) deleteCorner();
      else deleteLot();
    }
  }

  async function save() {
    if (draft.length > 0) {
      setSaveResult({ ok: false, text: 'Close or clear the lot you are drawing before saving.', errors: [] });
      return;
    }
    const local = numberingProblems(lots);
    if (lots.length === 0) local.push('Draw at least one lot before saving.');
    if (local.length > 0) {
      setSaveResult({ ok: false, text: 'Not saved. Please fix:', errors: local });
      return;
    }
    setSaving(true);
    try {
      const response = await fetch(`/admin/communities/${slug}/outlines`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ lots }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        lots?: number;
        created?: number;
        errors?: unknown;
        error?: unknown;
      };
      if (response.ok) {
        setDirty(false);
        const created = body.created ?? 0;
        const text =
          `Saved: ${body.lots ?? lots.length} lots.` +
          (created > 0 ? ` ${created} new homesite${created === 1 ? '' : 's'} to fill in on the Homesites page.` : '');
        // The result's own alert says it: the live region stays quiet, so it is not read twice.
        setSaveResult({ ok: true, text, errors: [] });
      } else {
        const errors = Array.isArray(body.errors)
          ? body.errors.map(String)
          : typeof body.error === 'string'
            ? [body.error]
            : [];
        const text =
          response.status === 403 ? 'Not saved: your session has ended. Sign in again in another tab.' : 'Not saved.';
        setSaveResult({ ok: false, text: errors.length > 0 ? `${text} Please fix:` : text, errors });
      }
    } catch {
      setSaveResult({ ok: false, text: 'Not saved: the site could not be reached. Try again.', errors: [] });
    } finally {
      setSaving(false);
    }
  }

  // Numbers and corner handles keep their size on screen (the same on a phone as on a laptop, zoomed or not);
  // the server, which knows no screen, sizes them to the drawing.
  const perPixel = pixelWidth ? view.width / pixelWidth : undefined;
  const corner = perPixel ? 6 * perPixel : Math.max(width, height) / 150;
  const fontSize = perPixel ? 14 * perPixel : Math.max(width, height) / 60;
  const viewBox = enhanced ? `${view.x} ${view.y} ${view.width} ${view.height}` : `0 0 ${width} ${height}`;
  const chosen = selectedLot && point !== undefined ? selectedLot.points[point] : undefined;

  return (
    <div className="outline-editor" onKeyDown={enhanced ? onKeyDown : undefined}>
      {enhanced ? (
        <div className="outline-toolbar" role="toolbar" aria-label="Drawing tools">
          <fieldset className="outline-tools">
            <legend>Mouse</legend>
            <label>
              <input type="radio" name="outline-tool" checked={tool === 'draw'} onChange={() => setTool('draw')} /> Draw
              lots
            </label>
            <label>
              <input type="radio" name="outline-tool" checked={tool === 'select'} onChange={() => setTool('select')} />{' '}
              Select and move
            </label>
          </fieldset>
          <div className="outline-buttons">
            <button type="button" className="button" onClick={undo} disabled={undoStack.length === 0}>
              Undo
            </button>
            <button type="button" className="button" onClick={redo} disabled={redoStack.length === 0}>
              Redo
            </button>
            <button type="button" className="button" onClick={() => zoom(0.8)} aria-label="Zoom in">
              +
            </button>
            <button type="button" className="button" onClick={() => zoom(1.25)} aria-label="Zoom out">
              −
            </button>
            <button type="button" className="button" onClick={() => setView({ x: 0, y: 0, width, height })}>
              Whole drawing
            </button>
            <button type="button" className="button" onClick={() => pan(-PAN_STEP, 0)} aria-label="Pan left">
              ←
            </button>
            <button type="button" className="button" onClick={() => pan(0, -PAN_STEP)} aria-label="Pan up">
              ↑
            </button>
            <button type="button" className="button" onClick={() => pan(0, PAN_STEP)} aria-label="Pan down">
              ↓
            </button>
            <button type="button" className="button" onClick={() => pan(PAN_STEP, 0)} aria-label="Pan right">
              →
            </button>
          </div>
        </div>
      ) : null}
      {enhanced ? (
        <div className="outline-save">
          <button type="button" className="button button-primary" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save the outlines'}
          </button>
          {saveResult ? (
            <div className={saveResult.ok ? 'alert alert-success' : 'alert alert-error'} role="alert">
              <p>{saveResult.text}</p>
              {saveResult.errors.length > 0 ? (
                <ul>
                  {saveResult.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : dirty ? (
            <p>Changes not saved yet.</p>
          ) : null}
        </div>
      ) : null}
      {enhanced ? (
        <p className="outline-live" role="status" aria-live="polite">
          {announcement}
        </p>
      ) : null}
      <div className="outline-canvas">
        <svg
          ref={svgRef}
          viewBox={viewBox}
          role="img"
          aria-label={`Site plan drawing with ${lots.length} lot outlines`}
          className={enhanced ? `outline-svg is-${tool}` : 'outline-svg'}
          tabIndex={enhanced ? 0 : undefined}
          onPointerDown={enhanced ? onPointerDown : undefined}
          onPointerMove={enhanced ? onPointerMove : undefined}
          onPointerUp={enhanced ? onPointerUp : undefined}
          onPointerCancel={enhanced ? onPointerUp : undefined}
          onClick={enhanced && tool === 'draw' ? (event) => addPoint(drawingPoint(event), 'placed') : undefined}
        >
          <image href={drawing.src} x="0" y="0" width={width} height={height} preserveAspectRatio="none" />
          {lots.map((entry) => {
            const [x, y] = labelOf(entry.points);
            return (
              <g
                key={entry.lot}
                data-lot={entry.lot}
                className={entry.lot === selected ? 'outline-lot is-selected' : 'outline-lot'}
              >
                <polygon points={pointsText(entry.points)} />
                <text x={x} y={y} fontSize={fontSize} textAnchor="middle" dominantBaseline="middle">
                  {entry.lot}
                </text>
              </g>
            );
          })}
          {enhanced && selectedLot && tool === 'select'
            ? selectedLot.points.map(([x, y], index) => (
                <circle
                  key={index}
                  data-corner={index}
                  cx={x}
                  cy={y}
                  r={corner}
                  className={index === point ? 'outline-corner is-chosen' : 'outline-corner'}
                />
              ))
            : null}
          {draft.length > 0 ? (
            <g className="outline-draft">
              <polyline points={pointsText(draft)} />
              {draft.map(([x, y], index) => (
                <circle key={index} cx={x} cy={y} r={(index === 0 ? 1.6 : 1) * corner} />
              ))}
            </g>
          ) : null}
        </svg>
      </div>
      {enhanced ? (
        <div className="outline-panels">
          <section className="outline-panel" aria-labelledby="outline-new-heading">
            <h2 id="outline-new-heading">New lot</h2>
            <p className="outline-hint">
              {tool === 'draw'
                ? 'Click each corner on the drawing; a corner near another lot’s corner joins it. Click the first corner, press Enter or choose Close shape to finish.'
                : 'Choose Draw lots above to draw with the mouse, or type the corners here.'}
            </p>
            <div className="outline-fields">
              <label>
                New lot’s number{' '}
                <input
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  value={nextNumber}
                  onChange={(event) => setNextNumber(event.target.value)}
                />
              </label>
              <label>
                Across (x){' '}
                <input
                  type="number"
                  min={0}
                  max={width}
                  step="any"
                  value={typed.x}
                  onChange={(event) => setTyped({ ...typed, x: event.target.value })}
                />
              </label>
              <label>
                Down (y){' '}
                <input
                  type="number"
                  min={0}
                  max={height}
                  step="any"
                  value={typed.y}
                  onChange={(event) => setTyped({ ...typed, y: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addTypedPoint();
                    }
                  }}
                />
              </label>
              <button type="button" className="button" onClick={addTypedPoint}>
                Add corner
              </button>
            </div>
            <p>
              {draft.length === 0
                ? 'No corners yet.'
                : `${draft.length} corner${draft.length === 1 ? '' : 's'}: ${draft.map(([x, y]) => `${x}, ${y}`).join('; ')}.`}
            </p>
            <div className="outline-buttons">
              <button type="button" className="button" onClick={closeShape} disabled={draft.length < 3}>
                Close shape
              </button>
              <button
                type="button"
                className="button"
                onClick={() => commit({ lots, draft: [] }, 'The new lot’s corners are cleared.')}
                disabled={draft.length === 0}
              >
                Clear corners
              </button>
            </div>
            <p className="outline-hint">
              The drawing is {width} units across and {height} down; 0, 0 is its top left corner.
            </p>
          </section>
          <section className="outline-panel" aria-labelledby="outline-selected-heading">
            <h2 id="outline-selected-heading">{selectedLot ? `Lot ${selectedLot.lot}` : 'Selected lot'}</h2>
            {selectedLot ? (
              <>
                <div className="outline-fields">
                  <label>
                    Renumber to{' '}
                    <input
                      key={selectedLot.lot}
                      type="number"
                      min={1}
                      step={1}
                      defaultValue={selectedLot.lot}
                      onBlur={(event) => renumber(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') renumber(event.currentTarget.value);
                      }}
                    />
                  </label>
                  <button type="button" className="button" onClick={copySelected}>
                    Copy beside it
                  </button>
                  <button type="button" className="button" onClick={deleteLot}>
                    Delete lot {selectedLot.lot}
                  </button>
                </div>
                <p className="outline-hint">
                  Arrow keys move the lot, or the chosen corner; with Shift, ten units at a time.
                </p>
                <fieldset className="outline-corners">
                  <legend>Corners</legend>
                  {selectedLot.points.map(([x, y], index) => (
                    <button
                      key={index}
                      type="button"
                      className="button"
                      aria-pressed={index === point}
                      onClick={() => {
                        setPoint(index === point ? undefined : index);
                        setAnnouncement(
                          index === point
                            ? `Lot ${selectedLot.lot} chosen: arrow keys move the whole lot.`
                            : `Corner ${index + 1} chosen, at ${x}, ${y}: arrow keys move it.`,
                        );
                      }}
                    >
                      {index + 1}: {x}, {y}
                    </button>
                  ))}
                </fieldset>
                {chosen && point !== undefined ? (
                  <div className="outline-fields">
                    <label>
                      Corner {point + 1} across (x){' '}
                      <input
                        key={`x-${selectedLot.lot}-${point}-${chosen[0]}`}
                        type="number"
                        min={0}
                        max={width}
                        step="any"
                        defaultValue={chosen[0]}
                        onBlur={(event) => typedCorner(event.target.value, 0)}
                        onKeyDown={(event) => event.key === 'Enter' && typedCorner(event.currentTarget.value, 0)}
                      />
                    </label>
                    <label>
                      Corner {point + 1} down (y){' '}
                      <input
                        key={`y-${selectedLot.lot}-${point}-${chosen[1]}`}
                        type="number"
                        min={0}
                        max={height}
                        step="any"
                        defaultValue={chosen[1]}
                        onBlur={(event) => typedCorner(event.target.value, 1)}
                        onKeyDown={(event) => event.key === 'Enter' && typedCorner(event.currentTarget.value, 1)}
                      />
                    </label>
                    <button type="button" className="button" onClick={deleteCorner}>
                      Delete corner {point + 1}
                    </button>
                  </div>
                ) : null}
              </>
            ) : (
              <p>Select a lot on the drawing (Select and move) or in the list below.</p>
            )}
          </section>
        </div>
      ) : null}
      <section className="outline-list" aria-labelledby="outline-list-heading">
        <h2 id="outline-list-heading">{`Lots (${lots.length})`}</h2>
        {lots.length === 0 ? (
          <p>No lots drawn yet.</p>
        ) : (
          <div className="outline-table-wrap">
            <table className="outline-table">
              <thead>
                <tr>
                  <th scope="col">Lot</th>
                  <th scope="col">Corners (across, down)</th>
                </tr>
              </thead>
              <tbody>
                {lots.map((entry) => (
                  <tr key={entry.lot} className={entry.lot === selected ? 'is-selected' : undefined}>
                    <th scope="row">
                      {enhanced ? (
                        <button
                          type="button"
                          className="button"
                          aria-pressed={entry.lot === selected}
                          onClick={() => selectLot(entry.lot === selected ? undefined : entry.lot)}
                        >
                          Lot {entry.lot}
                        </button>
                      ) : (
                        entry.lot
                      )}
                    </th>
                    <td>{entry.points.map(([x, y]) => `${x}, ${y}`).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );

  function addTypedPoint() {
    const x = Number(typed.x);
    const y = Number(typed.y);
    if (typed.x.trim() === '' || typed.y.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) {
      setAnnouncement('Type both numbers: across (x) and down (y).');
      return;
    }
    if (x < 0 || y < 0 || x > width || y > height) {
      setAnnouncement(`A corner is on the drawing: 0 to ${width} across, 0 to ${height} down.`);
      return;
    }
    const placed = clampPoint([x, y], width, height);
    commit(
      { lots, draft: [...draft, placed] },
      `Corner ${draft.length + 1} of the new lot typed at ${placed[0]}, ${placed[1]}.`,
    );
    setTyped({ x: '', y: '' });
  }

  function typedCorner(text: string, axis: 0 | 1) {
    if (!selectedLot || point === undefined) return;
    const value = Number(text);
    const current = selectedLot.points[point]!;
    if (text.trim() === '' || !Number.isFinite(value) || value === current[axis]) return;
    const next: OutlinePoint = axis === 0 ? [value, current[1]] : [current[0], value];
    const placed = clampPoint(next, width, height);
    setCorner(point, placed, `Corner ${point + 1} of lot ${selectedLot.lot} at ${placed[0]}, ${placed[1]}.`);
  }
}
