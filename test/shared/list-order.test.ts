import { expect } from 'chai';
import { sectionFields } from '../../src/content/content-fields.js';
import { applyListAction, flatten, formToData, joinPath, LENGTH_FIELD } from '../../src/shared/content-form.js';
import { moveAnnouncement, movedOrder, relabel, renamePath } from '../../src/shared/list-order.js';

/** A section's data as the form posts it: each leaf under its path, each list with its length. */
function entriesOf(data: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(data)) {
    into.set(joinPath(path, LENGTH_FIELD), String(data.length));
    data.forEach((item, index) => entriesOf(item, joinPath(path, index), into));
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) entriesOf(value, joinPath(path, key), into);
  } else if (data === true) {
    into.set(path, 'on');
  } else if (data !== false && data !== null && data !== undefined) {
    into.set(path, String(data));
  }
  return into;
}

/** What the browser does after a drop: each item's names renamed from its old path to its new one. */
function renamedInBrowser(entries: Map<string, string>, listPath: string, order: number[]): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const [name, value] of entries) {
    let next = name;
    order.forEach((old, index) => {
      const from = joinPath(listPath, old);
      if (name === from || name.startsWith(`${from}.`)) next = renamePath(name, from, joinPath(listPath, index));
    });
    renamed.set(next, value);
  }
  return renamed;
}

const plan = (name: string, levels: string[]) => ({
  slug: name.toLowerCase(),
  name,
  basePrice: null,
  summary: 'A plan',
  beds: 3,
  baths: 2.5,
  study: false,
  squareFeet: 2000,
  garageBays: 2,
  stories: 2,
  levels: levels.map((level, index) => ({
    level,
    squareFeet: 1000 + index,
    drawing: { src: `/img/${name}-${level}.svg`, alt: `${name} ${level}`, caption: `${name} ${level} level` },
  })),
  cover: { src: `/img/${name}.jpg`, alt: name },
  minimumLotSqft: null,
});

describe('Reordering a list in the browser names fields as the server does', () => {
  it('gives the old index of each new position, as Move up pressed twice does', () => {
    expect(movedOrder(4, 2, 0)).to.deep.equal([2, 0, 1, 3]);
    expect(movedOrder(4, 0, 3)).to.deep.equal([1, 2, 3, 0]);
    expect(movedOrder(3, 1, 1)).to.deep.equal([0, 1, 2]);
    expect(movedOrder(3, 1, 7), 'a position off the list changes nothing').to.deep.equal([0, 1, 2]);
  });

  it('renames names, ids, lists of ids and list buttons under the moved item only', () => {
    const cases: [string, string][] = [
      ['promotions.2.title', 'promotions.0.title'],
      ['promotions.2', 'promotions.0'],
      ['promotions.2.image._none', 'promotions.0.image._none'],
      ['promotions.2.plans.length', 'promotions.0.plans.length'],
      ['f-promotions-2-title', 'f-promotions-0-title'],
      ['f-promotions-2-title-hint f-promotions-2-title-error', 'f-promotions-0-title-hint f-promotions-0-title-error'],
      ['f-promotions-2-none', 'f-promotions-0-none'],
      ['up:promotions.2', 'up:promotions.0'],
      ['add:promotions.2.plans', 'add:promotions.0.plans'],
      ['promotions.20.title', 'promotions.20.title'],
      ['f-promotions-20-title', 'f-promotions-20-title'],
      ['promotions.length', 'promotions.length'],
      ['add:promotions', 'add:promotions'],
      ['content-errors', 'content-errors'],
    ];
    for (const [before, after] of cases)
      expect(renamePath(before, 'promotions.2', 'promotions.0'), before).to.equal(after);
  });

  it('renames a nested list item without touching its parent', () => {
    expect(renamePath('plans.1.levels.2.drawing.src', 'plans.1.levels.2', 'plans.1.levels.0')).to.equal(
      'plans.1.levels.0.drawing.src',
    );
    expect(renamePath('down:plans.1.levels.2', 'plans.1.levels.2', 'plans.1.levels.0')).to.equal(
      'down:plans.1.levels.0',
    );
    expect(renamePath('plans.2.levels.2.level', 'plans.1.levels.2', 'plans.1.levels.0')).to.equal(
      'plans.2.levels.2.level',
    );
  });

  it('changes the number of an item’s label and keeps its name', () => {
    expect(relabel('Promotion 3: Spring savings', 'Promotion', 0)).to.equal('Promotion 1: Spring savings');
    expect(relabel('Move up: Promotion 3: Spring savings', 'Promotion', 4)).to.equal(
      'Move up: Promotion 5: Spring savings',
    );
    expect(relabel('Drag to reorder: Place 12', 'Place', 1)).to.equal('Drag to reorder: Place 2');
    expect(relabel('Intro paragraph 2', 'Intro paragraph', 0)).to.equal('Intro paragraph 1');
    expect(relabel('Paragraph 2', 'Plan', 0), 'another noun is left alone').to.equal('Paragraph 2');
  });

  it('says which item moved where', () => {
    expect(moveAnnouncement('Promotion', 2, 0, 4)).to.equal('Promotion 3 moved to position 1 of 4.');
  });

  for (const [from, to] of [
    [2, 0],
    [0, 2],
    [1, 2],
  ] as const) {
    it(`posts the same plans (levels and all) as Move up / Move down would, moving plan ${from + 1} to ${to + 1}`, () => {
      const tree = sectionFields('floor-plans');
      const data = {
        plans: [plan('Aspen', ['main']), plan('Birch', ['main', 'upper']), plan('Cedar', ['lower', 'main'])],
      };
      const entries = entriesOf(data);
      const browser = renamedInBrowser(entries, 'plans', movedOrder(3, from, to));
      const posted = formToData(tree, (name) => browser.get(name));

      const server = formToData(tree, (name) => entries.get(name));
      for (let index = from; index !== to; index += to > from ? 1 : -1)
        applyListAction(tree, server, { kind: to > from ? 'down' : 'up', path: `plans.${index}` });

      expect(flatten(posted)).to.deep.equal(flatten(server));
      expect((posted as { plans: { name: string }[] }).plans[to]!.name).to.equal(data.plans[from]!.name);
    });
  }

  it('moves a nested level inside its plan only', () => {
    const tree = sectionFields('floor-plans');
    const data = { plans: [plan('Aspen', ['main']), plan('Birch', ['main', 'upper', 'lower'])] };
    const entries = entriesOf(data);
    const browser = renamedInBrowser(entries, 'plans.1.levels', movedOrder(3, 2, 0));
    const posted = formToData(tree, (name) => browser.get(name)) as typeof data;
    expect(posted.plans[1]!.levels.map((level) => level.level)).to.deep.equal(['lower', 'main', 'upper']);
    expect(posted.plans[0]!.levels.map((level) => level.level)).to.deep.equal(['main']);
  });
});
