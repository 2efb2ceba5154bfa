/**
 * A small reader of a well-formed XML document (xmllint says so first) into elements, attributes and text, for
 * tests that read values out of the BDX feed. Whether the feed is valid is the real schema's to say
 * (test/support/bdx-schema.ts).
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function unescape(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A small reader for a well-formed document (xmllint says so first): elements, attributes, text. */
export function parseXml(xml: string): XmlNode {
  const body = xml.replace(/<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const match of body.matchAll(token)) {
    const [, closing, name, rawAttributes, selfClosing, text] = match;
    const top = stack.at(-1)!;
    if (text !== undefined) {
      top.text += unescape(text);
      continue;
    }
    if (closing) {
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of (rawAttributes ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      attributes[attribute[1]!] = unescape(attribute[2]!);
    }
    const node: XmlNode = { name: name!, attributes, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return root.children[0]!;
}
