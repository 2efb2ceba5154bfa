import { expect } from 'chai';
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterMap } from 'parse5';

/**
 * Server-rendered HTML read the way a browser reads it (parse5 follows the WHATWG parsing algorithm), as a small
 * element tree, so tests ask "which links are inside the <nav>" instead of matching markup with regexes.
 */
export interface El {
  tag: string;
  attrs: Record<string, string>;
  /** Elements and text, in document order (comments, such as React's `<!-- -->` separators, left out). */
  children: (El | string)[];
  parent: El | null;
}

type Parse5Parent = DefaultTreeAdapterMap['parentNode'];

function toEl(node: Parse5Parent, tag: string, parent: El | null): El {
  const element: El = { tag, attrs: {}, children: [], parent };
  if (tree.isElementNode(node)) {
    for (const attr of tree.getAttrList(node)) element.attrs[attr.name] = attr.value;
  }
  const content = 'content' in node ? node.content : node; // a <template>'s children live in its content
  for (const child of tree.getChildNodes(content)) {
    if (tree.isTextNode(child)) element.children.push(tree.getTextNodeContent(child));
    else if (tree.isElementNode(child)) element.children.push(toEl(child, tree.getTagName(child), element));
  }
  return element;
}

/** The whole document; its root has the tag `#document`. */
export function parseHtml(html: string): El {
  return toEl(parse(html), '#document', null);
}

/** Every element under `root`, in document order. */
export function elements(root: El): El[] {
  const found: El[] = [];
  const walk = (element: El) => {
    for (const child of element.children) {
      if (typeof child !== 'string') {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

export function all(root: El, tag: string, where: (element: El) => boolean = () => true): El[] {
  return elements(root).filter((element) => element.tag === tag && where(element));
}

export function one(root: El, tag: string, where: (element: El) => boolean = () => true): El {
  const found = all(root, tag, where);
  expect(found, `exactly one <${tag}> expected`).to.have.length(1);
  return found[0]!;
}

/** Visible text (script and style content left out), whitespace collapsed. */
export function text(element: El): string {
  const parts: string[] = [];
  const walk = (node: El) => {
    if (node.tag === 'script' || node.tag === 'style') return;
    for (const child of node.children) {
      if (typeof child === 'string') parts.push(child);
      else walk(child);
    }
  };
  walk(element);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export function closest(element: El, tag: string): El | null {
  let node = element.parent;
  while (node && node.tag !== tag) node = node.parent;
  return node;
}

export function isInside(element: El, ancestor: El): boolean {
  for (let node = element.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

export function links(root: El): { text: string; href: string; element: El }[] {
  return all(root, 'a').map((element) => ({ text: text(element), href: element.attrs.href ?? '', element }));
}

export function headings(root: El): El[] {
  return elements(root).filter((element) => /^h[1-6]$/.test(element.tag));
}
