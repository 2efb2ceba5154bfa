import type { HomeEntry, HomePin, HomeSearchResult, LoosenableFilter } from '../src/shared/home-results.js';
import { LOOSEN_PARAMETERS } from '../src/shared/home-results.js';
import {
  homeSearchHref,
  HOME_SORTS,
  MOVE_IN_CHOICES,
  type FilterProblem,
  type HomeFilters,
  type HomeSort,
  type MoveInChoice,
} from '../src/shared/home-filters.js';
import { formatNumber, formatPrice } from '../src/shared/homesite-rules.js';
import { Widget } from '../src/render/widget.js';
import { LIVE_ATTRIBUTE, LIVE_SEARCH_ATTRIBUTE, LIVE_STATUS_ID } from '../src/shared/homes-live-markup.js';
import { ExternalLink } from './ExternalLink.js';
import { Layout } from './Layout.js';
import { PageHeading } from './PageHeading.js';
import type { SiteProps } from './site-props.js';

export interface HomesPageCommunity {
  slug: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
}

interface HomesPageProps extends SiteProps {
  filters: HomeFilters;
  /** What was ignored of the query, by parameter. */
  problems: readonly FilterProblem[];
  search: HomeSearchResult;
  communities: readonly HomesPageCommunity[];
  cities: readonly string[];
  /** The lowest and highest price and size among every entry (the form's steps run between them). */
  ranges: { price: readonly number[]; sqft: readonly number[] };
  /** The map of the matches (a widget); without it, the list of places alone. */
  map?: HomesMapConfig;
}

/** The tiles and Leaflet's stylesheet, as the Nearby map takes them. */
export interface HomesMapConfig {
  tileUrl: string;
  attribution: string;
  stylesheet: string;
}

const PATH = '/homes';

const SORT_LABELS: Record<HomeSort, string> = {
  moveIn: 'Soonest move-in',
  price: 'Price, lowest first',
  '-price': 'Price, highest first',
  sqft: 'Size, smallest first',
};

const MOVE_IN_LABELS: Record<MoveInChoice, string> = {
  now: 'Ready now',
  '3m': 'Ready within 3 months',
  '6m': 'Ready within 6 months',
};

/** How a loosening is said: "Remove the price limits". */
const LOOSEN_WORDS: Record<LoosenableFilter, string> = {
  community: 'the community choice',
  city: 'the city',
  price: 'the price limits',
  beds: 'the bedrooms',
  baths: 'the bathrooms',
  sqft: 'the size limits',
  stories: 'the stories',
  moveIn: 'the move-in date',
  type: 'the kind of home',
};

const BATHS = [1, 1.5, 2, 2.5, 3, 3.5, 4];

/** The fields a parameter's problem is shown next to, by parameter. */
const FIELD_IDS: Record<string, string> = {
  community: 'homes-community',
  city: 'homes-city',
  minPrice: 'homes-min-price',
  maxPrice: 'homes-max-price',
  beds: 'homes-beds',
  baths: 'homes-baths',
  minSqft: 'homes-min-sqft',
  maxSqft: 'homes-max-sqft',
  stories: 'homes-stories',
  moveIn: 'homes-move-in',
  type: 'homes-type',
  sort: 'homes-sort',
};

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function dateText(iso: string): string {
  return LONG_DATE.format(new Date(`${iso}T00:00:00Z`));
}

function homes(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'home' : 'homes'}`;
}

/** Round steps between the lowest and highest value there is, plus the value asked for when it is not one. */
function steps(values: readonly number[], step: number, chosen: (number | undefined)[]): number[] {
  const found = new Set<number>();
  if (values.length > 0) {
    const low = Math.floor(Math.min(...values) / step) * step;
    const high = Math.ceil(Math.max(...values) / step) * step;
    const stride = Math.max(step, Math.ceil((high - low) / 30 / step) * step);
    for (let value = low; value <= high; value += stride) found.add(value);
    found.add(high);
  }
  for (const value of chosen) if (value !== undefined) found.add(value);
  return [...found].sort((a, b) => a - b);
}

function Problem({ problems, field }: { problems: readonly FilterProblem[]; field: string }) {
  const own = problems.filter((problem) => problem.field === field);
  if (own.length === 0) return null;
  return (
    <>
      {own.map((problem) => (
        <p key={problem.message} id={`${FIELD_IDS[field]}-problem`} className="field-error">
          {`Ignored: ${problem.message}`}
        </p>
      ))}
    </>
  );
}

/** A drop-down of the form: "Any" (empty) and the choices, the chosen one selected, its problem beside it. */
function Choice({
  field,
  label,
  value,
  anyLabel,
  options,
  problems,
}: {
  field: string;
  label: string;
  value: string | number | undefined;
  anyLabel?: string;
  options: { value: string | number; label: string }[];
  problems: readonly FilterProblem[];
}) {
  const id = FIELD_IDS[field]!;
  const invalid = problems.some((problem) => problem.field === field);
  return (
    <div className="homes-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={field}
        defaultValue={value === undefined ? '' : String(value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-problem` : undefined}
      >
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <Problem problems={problems} field={field} />
    </div>
  );
}

function priceText(entry: HomeEntry): string {
  if (entry.price === null) return 'Pricing coming soon';
  return entry.type === 'plan' ? `From ${formatPrice(entry.price)}` : formatPrice(entry.price);
}

function ResultCard({ entry }: { entry: HomeEntry }) {
  return (
    <li className="qmi-card homes-card">
      <p className="homes-kind">{entry.type === 'qmi' ? 'Quick move-in home' : 'Plan to build'}</p>
      <h3 className="qmi-title">
        <a href={entry.url}>{entry.title}</a>
      </h3>
      <p className="homes-where">
        {entry.type === 'plan' ? 'In ' : null}
        {`${entry.communityName}, ${entry.city}`}
      </p>
      <p className="homes-price">{priceText(entry)}</p>
      <dl className="qmi-facts homes-facts">
        <div>
          <dt>Bedrooms</dt>
          <dd>{entry.beds}</dd>
        </div>
        <div>
          <dt>Bathrooms</dt>
          <dd>{entry.baths}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{`${formatNumber(entry.sqft)} sq ft`}</dd>
        </div>
        <div>
          <dt>Stories</dt>
          <dd>{entry.stories}</dd>
        </div>
        <div>
          <dt>Move-in</dt>
          <dd>
            {entry.moveIn !== null
              ? dateText(entry.moveIn)
              : entry.type === 'plan'
                ? 'Built for you'
                : 'Ask for the date'}
          </dd>
        </div>
      </dl>
      {entry.promotion ? (
        <p className="homes-promotion">
          <span className="homes-promotion-label">Promotion:</span> {entry.promotion.title}
        </p>
      ) : null}
    </li>
  );
}

/** The page numbers shown: the first, the last, and two either side of this one. */
function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const shown: (number | 'gap')[] = [];
  for (let number = 1; number <= pages; number += 1) {
    if (number === 1 || number === pages || Math.abs(number - page) <= 2) shown.push(number);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

function Pages({ filters, page, pages }: { filters: HomeFilters; page: number; pages: number }) {
  if (pages <= 1 && page <= 1) return null;
  const href = (number: number) => homeSearchHref(PATH, filters, { page: number });
  return (
    <nav className="homes-pages" aria-label="Pages of results">
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(Math.min(page - 1, pages))} rel="prev">
              Previous
            </a>
          </li>
        ) : null}
        {pageNumbers(page, pages).map((number, index) =>
          number === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <a href={href(number)} aria-current="page" aria-label={`Page ${number}`}>
                  {number}
                </a>
              ) : (
                <a href={href(number)} aria-label={`Page ${number}`}>
                  {number}
                </a>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next">
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** At most this many homes are listed under one place (the rest are counted). */
const PINS_PER_PLACE = 20;
/** And this many in a map pin's popup, which must fit the map's 320 px with its heading. */
const PINS_PER_POPUP = 5;

/** The matching results by where they are: the map's pins as a list, for every page of results. */
function PinList({
  pins,
  communities,
  map,
}: {
  pins: readonly HomePin[];
  communities: readonly HomesPageCommunity[];
  map: HomesMapConfig | undefined;
}) {
  const byPlace = new Map<string, HomePin[]>();
  for (const pin of pins) {
    const key = `${pin.lat},${pin.lng}`;
    const list = byPlace.get(key);
    if (list) list.push(pin);
    else byPlace.set(key, [pin]);
  }
  const places = [...byPlace.entries()].map(([key, list]) => {
    const community = communities.find((candidate) => `${candidate.lat},${candidate.lng}` === key);
    const [lat = 0, lng = 0] = key.split(',').map(Number);
    return {
      key,
      lat,
      lng,
      name: community ? `${community.name}, ${community.city}` : key,
      list,
    };
  });
  return (
    <section
      className="homes-places"
      aria-labelledby="homes-places-heading"
      hidden={pins.length === 0}
      {...{ [LIVE_ATTRIBUTE]: 'places' }}
    >
      <h2 id="homes-places-heading">Where they are</h2>
      <p>Every matching home and plan, on every page, by its place on the map.</p>
      {map ? (
        <Widget
          name="HomesMap"
          hydrate="visible"
          props={{
            places: places.map((place) => ({
              name: place.name,
              lat: place.lat,
              lng: place.lng,
              count: place.list.length,
              homes: place.list.slice(0, PINS_PER_POPUP).map((pin) => ({
                title: pin.title,
                url: pin.url,
                priceText: pin.price === null ? null : formatPrice(pin.price),
              })),
            })),
            ...map,
          }}
        />
      ) : null}
      <ul className="homes-place-list" {...{ [LIVE_ATTRIBUTE]: 'place-list' }}>
        {places.map((place) => (
          <li key={place.key}>
            <p className="homes-place">
              {`${place.name}: ${homes(place.list.length)} · `}
              <ExternalLink
                href={`https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=14/${place.lat}/${place.lng}`}
              >
                See it on OpenStreetMap
              </ExternalLink>
            </p>
            <ul>
              {place.list.slice(0, PINS_PER_PLACE).map((pin) => (
                <li key={pin.url}>
                  <a href={pin.url}>{pin.title}</a>
                  {pin.price === null ? null : ` · ${formatPrice(pin.price)}`}
                </li>
              ))}
              {place.list.length > PINS_PER_PLACE ? (
                <li>{`and ${homes(place.list.length - PINS_PER_PLACE)} more`}</li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Find your home": a GET form of every filter, the count, the results by page, their places, what was ignored. */
export function HomesPage({
  content,
  path,
  filters,
  problems,
  search,
  communities,
  cities,
  ranges,
  map,
}: HomesPageProps) {
  const { facets } = search;
  const bedChoices = Object.keys(facets.beds)
    .map(Number)
    .filter((beds) => beds > 0)
    .sort((a, b) => a - b);
  const priceSteps = steps(ranges.price, 25_000, [filters.minPrice, filters.maxPrice]);
  const sizeSteps = steps(ranges.sqft, 250, [filters.minSqft, filters.maxSqft]);
  const chosen = new Set(filters.community);
  const pastLast = search.total > 0 && search.results.length === 0;
  return (
    <Layout content={content} path={path}>
      <PageHeading title="Find your home">
        <p>Quick move-in homes and plans to build, in every community: by price, bedrooms, size and move-in date.</p>
      </PageHeading>
      <div className="container homes">
        <div {...{ [LIVE_ATTRIBUTE]: 'problems' }}>
          {problems.length > 0 ? (
            <div className="error-summary" role="group" aria-labelledby="homes-problems-heading">
              <h2 id="homes-problems-heading" className="error-summary-heading">
                Part of this search was ignored
              </h2>
              <ul className="error-summary-list">
                {problems.map((problem) =>
                  FIELD_IDS[problem.field] === undefined ? (
                    <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
                  ) : (
                    <li key={`${problem.field}:${problem.message}`}>
                      <a href={`#${FIELD_IDS[problem.field]}`}>{problem.message}</a>
                    </li>
                  ),
                )}
              </ul>
              <p>The results below leave out what was ignored.</p>
            </div>
          ) : null}
        </div>
        <p className="homes-jump" {...{ [LIVE_ATTRIBUTE]: 'jump' }}>
          <a href="#homes-count">
            {search.total === 0
              ? 'No homes match these filters'
              : search.total === 1
                ? 'See the 1 home that matches'
                : `See the ${homes(search.total)} that match`}
          </a>
        </p>
        <form
          className="homes-form"
          method="get"
          action={PATH}
          aria-label="Filter homes"
          {...{ [LIVE_SEARCH_ATTRIBUTE]: '' }}
        >
          <fieldset className="homes-communities" id={FIELD_IDS.community} tabIndex={-1}>
            <legend>Community</legend>
            {communities.map((community) => (
              <div key={community.slug} className="homes-check">
                <input
                  type="checkbox"
                  id={`homes-community-${community.slug}`}
                  name="community"
                  value={community.slug}
                  defaultChecked={chosen.has(community.slug)}
                />
                <label htmlFor={`homes-community-${community.slug}`}>
                  {`${community.name}, ${community.city} `}
                  <span
                    className="homes-count"
                    {...{ [LIVE_ATTRIBUTE]: `community-${community.slug}` }}
                  >{`(${formatNumber(facets.community[community.slug] ?? 0)})`}</span>
                </label>
              </div>
            ))}
            <Problem problems={problems} field="community" />
          </fieldset>
          <div className="homes-fields">
            <Choice
              field="city"
              label="City"
              value={filters.city}
              anyLabel="Any city"
              options={cities.map((city) => ({ value: city, label: city }))}
              problems={problems}
            />
            <Choice
              field="type"
              label="Kind of home"
              value={filters.type}
              anyLabel="Homes and plans"
              options={[
                { value: 'qmi', label: 'Quick move-in homes' },
                { value: 'plan', label: 'Plans to build' },
              ]}
              problems={problems}
            />
            <Choice
              field="minPrice"
              label="Lowest price"
              value={filters.minPrice}
              anyLabel="No minimum"
              options={priceSteps.map((price) => ({ value: price, label: formatPrice(price) }))}
              problems={problems}
            />
            <Choice
              field="maxPrice"
              label="Highest price"
              value={filters.maxPrice}
              anyLabel="No maximum"
              options={priceSteps.map((price) => ({ value: price, label: formatPrice(price) }))}
              problems={problems}
            />
            <Choice
              field="beds"
              label="Bedrooms"
              value={filters.beds}
              anyLabel="Any"
              options={bedChoices.map((beds) => ({
                value: beds,
                label: `${beds}+ (${formatNumber(facets.beds[String(beds)] ?? 0)})`,
              }))}
              problems={problems}
            />
            <Choice
              field="baths"
              label="Bathrooms"
              value={filters.baths}
              anyLabel="Any"
              options={BATHS.map((baths) => ({ value: baths, label: `${baths}+` }))}
              problems={problems}
            />
            <Choice
              field="minSqft"
              label="Smallest size (sq ft)"
              value={filters.minSqft}
              anyLabel="No minimum"
              options={sizeSteps.map((sqft) => ({ value: sqft, label: formatNumber(sqft) }))}
              problems={problems}
            />
            <Choice
              field="maxSqft"
              label="Largest size (sq ft)"
              value={filters.maxSqft}
              anyLabel="No maximum"
              options={sizeSteps.map((sqft) => ({ value: sqft, label: formatNumber(sqft) }))}
              problems={problems}
            />
            <Choice
              field="stories"
              label="Stories"
              value={filters.stories}
              anyLabel="Any"
              options={[1, 2, 3].map((stories) => ({ value: stories, label: String(stories) }))}
              problems={problems}
            />
            <Choice
              field="moveIn"
              label="Move-in"
              value={filters.moveIn}
              anyLabel="Any time"
              options={MOVE_IN_CHOICES.map((choice) => ({ value: choice, label: MOVE_IN_LABELS[choice] }))}
              problems={problems}
            />
            <Choice
              field="sort"
              label="Sort by"
              value={filters.sort}
              options={HOME_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
              problems={problems}
            />
          </div>
          <div className="homes-actions">
            <button type="submit" className="button button-accent">
              Show homes
            </button>
            <a href={PATH}>Clear all filters</a>
          </div>
        </form>
        <p className="visually-hidden" role="status" id={LIVE_STATUS_ID} />
        <section className="homes-results" aria-labelledby="homes-count" {...{ [LIVE_ATTRIBUTE]: 'results' }}>
          <h2 id="homes-count" className="homes-total" tabIndex={-1}>
            {search.total === 0 ? 'No homes match' : `${homes(search.total)} match`}
            {search.pages > 1 ? (
              <span className="homes-page-of">{` · page ${search.page} of ${search.pages}`}</span>
            ) : null}
          </h2>
          {search.total === 0 ? <NoMatch filters={filters} search={search} /> : null}
          {pastLast ? (
            <p>
              {`There ${search.pages === 1 ? 'is 1 page' : `are ${search.pages} pages`} of results. `}
              <a href={homeSearchHref(PATH, filters, { page: 1 })}>Go to the first page</a>
            </p>
          ) : null}
          {search.results.length > 0 ? (
            <ul className="qmi-list homes-list">
              {search.results.map((entry) => (
                <ResultCard key={entry.url} entry={entry} />
              ))}
            </ul>
          ) : null}
          <Pages filters={filters} page={search.page} pages={search.pages} />
        </section>
        <PinList pins={search.pins} communities={communities} map={map} />
      </div>
    </Layout>
  );
}

function NoMatch({ filters, search }: { filters: HomeFilters; search: HomeSearchResult }) {
  const { loosen } = search;
  if (!loosen) {
    return <p>There are no homes or plans to show yet. Please check back soon.</p>;
  }
  const change: Partial<HomeFilters> = { page: 1 };
  for (const filter of loosen.filters) {
    for (const parameter of LOOSEN_PARAMETERS[filter]) {
      if (parameter === 'community') change.community = [];
      else Object.assign(change, { [parameter]: undefined });
    }
  }
  const words = loosen.filters.map((filter) => LOOSEN_WORDS[filter]);
  const what = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return (
    <p className="homes-loosen">
      {`No home or plan matches all of these filters. `}
      <a href={homeSearchHref(PATH, filters, change)}>{`Remove ${what} to see ${homes(loosen.total)}`}</a>.
    </p>
  );
}
