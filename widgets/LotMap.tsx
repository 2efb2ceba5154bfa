import { askAboutHomesiteHref } from '../src/shared/homesite-links.js';
import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  formatNumber,
  formatPrice,
  HOMESITE_STATUSES,
  isHomesiteStatus,
  STATUS_LABELS,
  type HomesiteStatus,
} from '../src/shared/homesite-rules.js';
import { Picture } from '../src/shared/Picture.js';
import { FilterSelect, optionsLabelledBy, optionsNamedByValue } from '../src/shared/FilterSelect.js';
import { HydrationRootContext, useInputBeforeHydration } from './input-before-hydration.js';
import {
  lotMatches,
  withFits,
  type LotMapFilter,
  type LotMapLot,
  type LotMapProps,
} from '../src/shared/lot-map-props.js';
import { lotShapesMarkup } from './lot-shapes-markup.js';
import { StatusPatterns, StatusSwatch } from './lot-status-style.js';
import { useEnhanced } from './use-enhanced.js';

const MAX_SCALE = 5;
/** A press that moves less than this is a tap (it selects a lot), more is a pan. */
const DRAG_THRESHOLD_PX = 6;

interface View {
  scale: number;
  x: number;
  y: number;
}

const IDENTITY: View = { scale: 1, x: 0, y: 0 };

const OVERLAY_CLASS = 'lot-map-overlay';

function clampView(view: View, width: number, height: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  return {
    scale,
    x: Math.min(0, Math.max(width - width * scale, view.x)),
    y: Math.min(0, Math.max(height - height * scale, view.y)),
  };
}

/** Zooms by `factor` keeping the point (px, py) of the viewport where it is. */
function zoomAround(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale * factor));
  const ratio = scale / view.scale;
  return { scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The lot whose shape holds `target` (an element inside the overlay), if any. */
function lotOf(target: EventTarget): number | undefined {
  const link = target instanceof Element ? target.closest<SVGElement>('[data-lot]') : null;
  return link ? Number(link.dataset.lot) : undefined;
}

/** The overlay's shapes as the server drew them into the map being hydrated. */
function drawnOverlay(root: ParentNode | null): string {
  return root?.querySelector(`.${OVERLAY_CLASS}`)?.innerHTML ?? '';
}

function LotCard({
  lot,
  contactPath,
  pinned,
  onClose,
  position,
  cardRef,
}: {
  lot: LotMapLot;
  contactPath: string;
  pinned: boolean;
  onClose: () => void;
  position: { left: number; top: number } | null;
  cardRef: React.RefObject<HTMLElement | null>;
}) {
  const facts: Array<[string, string]> = [['Status', STATUS_LABELS[lot.status]]];
  if (lot.sqft !== null) facts.push(['Lot size', `${formatNumber(lot.sqft)} sq ft`]);
  if (lot.plan) facts.push(['Plan', lot.plan]);
  if (lot.price !== null) facts.push([lot.status === 'available' ? 'From' : 'Price', formatPrice(lot.price)]);
  if (lot.ready && lot.status === 'quick-move-in') facts.push(['Ready', lot.ready]);
  if (!lot.plan && lot.fits.length > 0) facts.push(['Plans that fit', lot.fits.join(', ')]);
  return (
    <section
      ref={cardRef}
      className="lot-card"
      aria-label={`Homesite ${lot.lot}`}
      tabIndex={-1}
      style={position ? { left: `${position.left}px`, top: `${position.top}px` } : undefined}
    >
      <h3 className="lot-card-title">
        <StatusSwatch status={lot.status} /> {`Homesite ${lot.lot}`}
      </h3>
      <dl className="lot-card-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="lot-card-links">
        <a href={`/homesites/${lot.lot}`}>Homesite {lot.lot} details</a>
        <a href={`/tours?homesite=${lot.lot}`}>Schedule a tour</a>
        <a className="button button-accent button-small" href={askAboutHomesiteHref(lot.lot, contactPath)}>
          {`Ask about homesite ${lot.lot}`}
        </a>
      </p>
      {pinned ? (
        <button type="button" className="lot-card-close" onClick={onClose} aria-label="Close">
          ×
        </button>
      ) : null}
    </section>
  );
}

/** The filter as the visitor changed it before the map hydrated, or null when it is still the server's. */
function filterChangedBefore(fromServer: LotMapFilter, typed: Readonly<Record<string, string>>): LotMapFilter | null {
  const status = typed.status ?? fromServer.status;
  const filter = {
    status: status === '' || isHomesiteStatus(status) ? status : fromServer.status,
    plan: typed.plan ?? fromServer.plan,
  };
  return filter.status === fromServer.status && filter.plan === fromServer.plan ? null : filter;
}

/** Keeps the filter in the address, so that a reload or a shared link shows the same lots. */
function showFilterInAddress(filter: LotMapFilter): void {
  const url = new URL(window.location.href);
  for (const key of ['status', 'plan'] as const) {
    if (filter[key]) url.searchParams.set(key, filter[key]);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(null, '', url);
}

/**
 * The live lot map: the site-plan drawing with every homesite's outline over it, in its status's colour and
 * pattern. Server-rendered complete (links, legend, filter form); in the browser it adds the card on tap, hover
 * or search, instant filters, and pinch-zoom / pan with pointer events and a CSS transform.
 */
export default function LotMap({
  lots: homesites,
  shapes,
  viewBox,
  image,
  plans,
  minimumLotSqft,
  filter: initialFilter,
  contactPath,
}: LotMapProps) {
  const enhanced = useEnhanced();
  const hydrationRoot = useContext(HydrationRootContext);
  const typed = useInputBeforeHydration();
  // Never set: the filter the visitor chose before the map hydrated, if it differs from the server's.
  const [filterChosenBefore] = useState(() => filterChangedBefore(initialFilter, typed.values));
  const [filter, setFilter] = useState<LotMapFilter>(filterChosenBefore ?? initialFilter);
  const [selected, setSelected] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [view, setView] = useState<View>(IDENTITY);
  const [search, setSearch] = useState(typed.values.lot ?? '');
  const [searchError, setSearchError] = useState('');
  const [cardPosition, setCardPosition] = useState<{ left: number; top: number } | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const focusCard = useRef(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, lastDistance: 0 });
  const overlayRef = useRef<SVGSVGElement>(null);

  const lots = useMemo(() => withFits(homesites, plans, minimumLotSqft), [homesites, plans, minimumLotSqft]);
  const byLot = useMemo(() => new Map(lots.map((lot) => [lot.lot, lot])), [lots]);
  // The shapes are written once: by the server (with the filter asked for), and kept by the browser as they arrived,
  // so the page carries them once; the effect below keeps their classes in step with the filter and the active lot.
  const [shapesHtml] = useState(() =>
    shapes ? lotShapesMarkup(shapes, byLot, initialFilter) : drawnOverlay(hydrationRoot),
  );
  const counts = new Map<HomesiteStatus, number>();
  for (const lot of lots) counts.set(lot.status, (counts.get(lot.status) ?? 0) + 1);
  const shown = lots.filter((lot) => lotMatches(lot, filter)).length;
  const active = selected ?? hovered;
  const activeLot = active === null ? undefined : byLot.get(active);

  useLayoutEffect(() => {
    for (const link of overlayRef.current?.querySelectorAll<SVGAElement>('[data-lot]') ?? []) {
      const lot = byLot.get(Number(link.dataset.lot));
      link.classList.toggle('is-dimmed', lot !== undefined && !lotMatches(lot, filter));
      link.classList.toggle('is-active', lot?.lot === active);
    }
  }, [byLot, filter, active]);

  // The card sits next to its lot, inside the map, on whichever side has room.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const card = cardRef.current;
    if (active === null || !viewport || !card) return;
    const shape = viewport.querySelector(`[data-lot="${active}"]`);
    if (!shape) return;
    const box = viewport.getBoundingClientRect();
    const lotBox = shape.getBoundingClientRect();
    const cardWidth = card.offsetWidth;
    const cardHeight = card.offsetHeight;
    const centre = lotBox.left + lotBox.width / 2 - box.left;
    const left = Math.max(4, Math.min(box.width - cardWidth - 4, centre - cardWidth / 2));
    const below = lotBox.bottom - box.top + 6;
    const above = lotBox.top - box.top - cardHeight - 6;
    const top = below + cardHeight <= box.height || above < 0 ? Math.min(below, box.height - cardHeight - 4) : above;
    setCardPosition({ left, top: Math.max(4, top) });
    if (focusCard.current) {
      focusCard.current = false;
      card.focus();
    }
  }, [active, view]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setSelected(null);
        setHovered(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function select(lot: number | null, focus = false) {
    focusCard.current = focus;
    setCardPosition(null);
    setSelected(lot);
  }

  function applyFilter(next: LotMapFilter) {
    setFilter(next);
    showFilterInAddress(next);
  }

  // A filter chosen before the map ran applies from its first render, and goes into the address once the map runs.
  useEffect(() => {
    if (enhanced && filterChosenBefore) showFilterInAddress(filterChosenBefore);
  }, [enhanced, filterChosenBefore]);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lot = Number(search.trim());
    if (!byLot.has(lot)) {
      setSearchError(`There is no homesite ${search.trim() || 'with that number'}.`);
      return;
    }
    setSearchError('');
    select(lot, true);
  }

  function viewportSize() {
    const box = viewportRef.current?.getBoundingClientRect();
    return { width: box?.width ?? 1, height: box?.height ?? 1, left: box?.left ?? 0, top: box?.top ?? 0 };
  }

  function zoomBy(factor: number) {
    const { width, height } = viewportSize();
    setView((current) => clampView(zoomAround(current, factor, width / 2, height / 2), width, height));
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = { moved: 0, lastDistance: 0 };
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const { width, height, left, top } = viewportSize();
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const last = gesture.current.lastDistance;
      gesture.current.lastDistance = distance;
      gesture.current.moved += DRAG_THRESHOLD_PX;
      if (last > 0) {
        const mid = { x: (a.x + b.x) / 2 - left, y: (a.y + b.y) / 2 - top };
        setView((current) => clampView(zoomAround(current, distance / last, mid.x, mid.y), width, height));
      }
      return;
    }
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    gesture.current.moved += Math.abs(dx) + Math.abs(dy);
    if (view.scale > 1 && gesture.current.moved > DRAG_THRESHOLD_PX) {
      if (!event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setView((current) => clampView({ ...current, x: current.x + dx, y: current.y + dy }, width, height));
    }
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current.lastDistance = 0;
  }

  // A native listener: React's wheel listeners are passive, and this one must be able to cancel the page zoom.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      // Only a pinch on a trackpad (sent as ctrl + wheel) zooms: a plain wheel keeps scrolling the page.
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = viewport.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY / 200);
      setView((current) =>
        clampView(
          zoomAround(current, factor, event.clientX - box.left, event.clientY - box.top),
          box.width,
          box.height,
        ),
      );
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, []);

  function onShapeClick(event: React.MouseEvent) {
    const lot = lotOf(event.target);
    if (lot === undefined) return;
    event.preventDefault();
    // The end of a pan is not a tap.
    if (gesture.current.moved > DRAG_THRESHOLD_PX) return;
    select(lot);
  }

  // Over a lot, its card shows; over the drawing between lots, none.
  function onShapePointerOver(event: React.PointerEvent) {
    if (event.pointerType === 'mouse') setHovered(lotOf(event.target) ?? null);
  }

  const statusOptions = HOMESITE_STATUSES.filter((status) => (counts.get(status) ?? 0) > 0);

  return (
    <div className={`lot-map${enhanced ? ' is-enhanced' : ''}`}>
      <StatusPatterns />
      <div className="lot-map-tools">
        <form
          className="lot-map-filter"
          method="get"
          action="/site-plan#homesites"
          onSubmit={enhanced ? (event) => event.preventDefault() : undefined}
        >
          <FilterSelect
            fieldClassName="lot-map-field"
            label="Status"
            id="lot-map-status"
            name="status"
            value={filter.status}
            onChange={(event) => applyFilter({ ...filter, status: event.target.value as HomesiteStatus | '' })}
            anyLabel="All statuses"
            options={optionsLabelledBy(statusOptions, STATUS_LABELS)}
          />
          <FilterSelect
            fieldClassName="lot-map-field"
            label="Plan"
            id="lot-map-plan"
            name="plan"
            value={filter.plan}
            onChange={(event) => applyFilter({ ...filter, plan: event.target.value })}
            anyLabel="All plans"
            options={optionsNamedByValue(plans)}
          />
          {/* Kept once the map runs (filters then apply as they change): removing it would move the map up. */}
          <button type="submit" className="button button-small">
            Show
          </button>
        </form>
        <form className="lot-map-search" method="get" action="/homesites" onSubmit={enhanced ? onSearch : undefined}>
          <div className="lot-map-field">
            <label htmlFor="lot-map-search">Find homesite</label>
            <input
              id="lot-map-search"
              name="lot"
              inputMode="numeric"
              pattern="[0-9]*"
              size={4}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              aria-describedby={searchError ? 'lot-search-error' : undefined}
            />
          </div>
          <button type="submit" className="button button-small">
            Go
          </button>
          {searchError ? (
            <span id="lot-search-error" className="lot-map-error" role="alert">
              {searchError}
            </span>
          ) : null}
        </form>
      </div>
      {/* Above the drawing, not on it: a drawing's title block, compass or legend sit in its corners and edges. */}
      <div className="lot-map-bar">
        <p className="lot-map-count" aria-live="polite">
          {`Showing ${shown} of ${lots.length} homesites`}
        </p>
        {enhanced ? (
          <div className="lot-map-zoom" role="group" aria-label="Zoom the site plan">
            <button type="button" onClick={() => zoomBy(1.5)} aria-label="Zoom in">
              +
            </button>
            <button type="button" onClick={() => zoomBy(1 / 1.5)} aria-label="Zoom out" disabled={view.scale <= 1}>
              −
            </button>
            <button
              type="button"
              onClick={() => setView(IDENTITY)}
              disabled={view.scale <= 1}
              aria-label="Show the whole site plan"
            >
              ⤢
            </button>
          </div>
        ) : null}
      </div>
      <div className="lot-map-frame">
        <div
          className={`lot-map-viewport${view.scale > 1 ? ' is-zoomed' : ''}`}
          ref={viewportRef}
          onPointerDown={enhanced ? onPointerDown : undefined}
          onPointerMove={enhanced ? onPointerMove : undefined}
          onPointerUp={enhanced ? onPointerUp : undefined}
          onPointerCancel={enhanced ? onPointerUp : undefined}
        >
          <div
            className="lot-map-stage"
            // No style attribute in the server's HTML (the CSP allows no inline styles); set from script once zoomed.
            style={
              view === IDENTITY ? undefined : { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }
            }
          >
            <Picture image={image} sizes="(min-width: 1200px) 1140px, 96vw" loading="eager" fetchPriority="high" />
            <svg
              ref={overlayRef}
              className={OVERLAY_CLASS}
              viewBox={viewBox}
              preserveAspectRatio="none"
              role="group"
              aria-label="Homesites on the site plan (the table below lists every homesite)"
              onClick={enhanced ? onShapeClick : undefined}
              onPointerOver={enhanced ? onShapePointerOver : undefined}
              onPointerLeave={enhanced ? () => setHovered(null) : undefined}
              dangerouslySetInnerHTML={{ __html: shapesHtml }}
            />
          </div>
        </div>
        {enhanced && activeLot ? (
          <LotCard
            lot={activeLot}
            contactPath={contactPath}
            pinned={selected !== null}
            onClose={() => select(null)}
            position={cardPosition}
            cardRef={cardRef}
          />
        ) : null}
      </div>
      <ul className="lot-legend" aria-label="Legend: homesites by status">
        {HOMESITE_STATUSES.map((status) => (
          <li key={status}>
            <StatusSwatch status={status} />
            <span className="lot-legend-label">{STATUS_LABELS[status]}</span>
            <span className="lot-legend-count">{counts.get(status) ?? 0}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
