/**
 * BDX NHlist 7.7, as issue 31 lists it (the schema itself cannot be downloaded here): for each element the
 * children it may have in their `xsd:sequence` order, which of them are required (*), the lengths the issue
 * gives, and which may repeat. A "…" in the issue (elements this site never writes) is simply not listed, so an
 * element this site writes that the list does not know is reported too.
 */
export interface ChildRule {
  name: string;
  required?: boolean;
  max?: number;
  exact?: number;
  repeats?: boolean;
}

const r = (name: string, extra: Omit<ChildRule, 'name'> = {}): ChildRule => ({ name, ...extra });
const req = (name: string, extra: Omit<ChildRule, 'name' | 'required'> = {}): ChildRule => ({
  name,
  required: true,
  ...extra,
});

export const BDX_SEQUENCES: Record<string, ChildRule[]> = {
  Builders: [req('Corporation', { repeats: true })],
  Corporation: [
    req('CorporateBuilderNumber', { max: 30 }),
    req('CorporateState', { exact: 2 }),
    req('CorporateName', { max: 40 }),
    req('Builder', { repeats: true }),
  ],
  Builder: [
    req('BuilderNumber', { max: 30 }),
    req('BrandName', { max: 50 }),
    r('BrandLogo_Med'),
    r('BrandLogo_Sm'),
    req('ReportingName', { max: 75 }),
    req('DefaultLeadsEmail'),
    r('BuilderWebsite'),
    req('Subdivision', { repeats: true }),
  ],
  Subdivision: [
    req('SubdivisionNumber'),
    req('SubdivisionName', { max: 60 }),
    req('SalesOffice'),
    r('SubAddress'),
    r('DrivingDirections'),
    r('Schools'),
    r('SubAmenity', { repeats: true }),
    r('Service', { repeats: true }),
    r('Utility', { repeats: true }),
    r('SubMarketingHeadline'),
    r('SubDescription'),
    r('SubImage', { repeats: true }),
    r('SubWebsite'),
    r('LotsTotal'),
    r('LotsAvailable'),
    r('Taxes'),
    r('AgentCommission'),
    r('Promotion', { repeats: true }),
    r('Event', { repeats: true }),
    r('Plan', { repeats: true }),
    r('PlanCount'),
  ],
  SalesOffice: [r('Agent'), req('Address'), r('Phone'), r('Fax'), r('Email'), r('Hours')],
  Address: [r('Street1'), r('Street2'), r('County'), req('City'), req('State'), req('ZIP'), r('Country'), r('Geocode')],
  Geocode: [req('Latitude'), req('Longitude')],
  Phone: [req('AreaCode'), req('Prefix'), req('Suffix'), r('Extension')],
  Plan: [
    req('PlanNumber'),
    r('PlanBrandName'),
    r('PlanBrandLogo'),
    req('PlanName'),
    r('PlanNotAvailable'),
    r('HotHome'),
    r('PlanTypeName'),
    r('BasePrice'),
    r('BaseSqft'),
    r('Stories'),
    req('Baths'),
    r('HalfBaths'),
    req('Bedrooms'),
    req('Garage'),
    r('LivingAreas'),
    r('MarketingHeadline'),
    r('Description'),
    r('Option', { repeats: true }),
    r('PlanImages'),
    r('PlanWebsite'),
    r('Spec', { repeats: true }),
    r('SpecCount'),
  ],
  PlanImages: [
    r('ElevationImage', { repeats: true }),
    r('FloorPlanImage', { repeats: true }),
    r('InteriorImage', { repeats: true }),
    r('VirtualTour', { repeats: true }),
  ],
  Spec: [
    req('SpecNumber'),
    r('SpecMLSNumber'),
    r('SpecSaleStatus'),
    r('SpecHotHome'),
    req('SpecAddress'),
    r('SpecMoveInDate'),
    r('SpecIsModel'),
    r('SpecPrice'),
    r('SpecSqft'),
    r('SpecLotSizeSqft'),
    r('SpecStories'),
    r('SpecBaths'),
    r('SpecHalfBaths'),
    r('SpecBedrooms'),
    r('SpecGarage'),
    r('SpecDescription'),
    r('SpecImages'),
    r('SpecWebsite'),
  ],
  SpecAddress: [
    r('SpecLot'),
    r('SpecStreet1'),
    r('SpecStreet2'),
    r('SpecCounty'),
    req('SpecCity'),
    req('SpecState'),
    req('SpecZIP'),
    r('SpecCountry'),
    r('SpecGeocode'),
  ],
};

/** Elements whose value is a whole number. */
export const INTEGER_ELEMENTS = new Set([
  'LotsTotal',
  'LotsAvailable',
  'PlanCount',
  'BasePrice',
  'BaseSqft',
  'Stories',
  'Baths',
  'HalfBaths',
  'Bedrooms',
  'Garage',
  'SpecCount',
  'SpecPrice',
  'SpecSqft',
  'SpecLotSizeSqft',
  'SpecStories',
  'SpecBaths',
  'SpecHalfBaths',
  'SpecBedrooms',
  'SpecGarage',
]);

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

/** Every problem of order, presence, repetition, length and integer type in the tree, as readable lines. */
export function bdxProblems(node: XmlNode, path = node.name): string[] {
  const problems: string[] = [];
  const rules = BDX_SEQUENCES[node.name];
  if (rules) {
    let position = 0;
    const seen = new Map<string, number>();
    for (const child of node.children) {
      const index = rules.findIndex((rule) => rule.name === child.name);
      if (index < 0) {
        problems.push(`${path}: ${child.name} is not in the list`);
        continue;
      }
      if (index < position) problems.push(`${path}: ${child.name} comes after ${rules[position]!.name}`);
      position = Math.max(position, index);
      seen.set(child.name, (seen.get(child.name) ?? 0) + 1);
    }
    for (const rule of rules) {
      const count = seen.get(rule.name) ?? 0;
      if (rule.required && count === 0) problems.push(`${path}: ${rule.name} is missing`);
      if (!rule.repeats && count > 1) problems.push(`${path}: ${rule.name} appears ${count} times`);
    }
    for (const child of node.children) {
      const rule = rules.find((candidate) => candidate.name === child.name);
      const value = child.text.trim();
      if (rule?.max !== undefined && value.length > rule.max)
        problems.push(`${path}/${child.name}: ${value.length} characters, at most ${rule.max}`);
      if (rule?.exact !== undefined && value.length !== rule.exact)
        problems.push(`${path}/${child.name}: ${value.length} characters, exactly ${rule.exact}`);
      if (INTEGER_ELEMENTS.has(child.name) && !/^\d+$/.test(value))
        problems.push(`${path}/${child.name}: "${value}" is not a whole number`);
    }
  }
  if (
    (node.name === 'Plan' || node.name === 'Spec') &&
    !['SingleFamily', 'MultiFamily'].includes(node.attributes.Type ?? '')
  )
    problems.push(`${path}: Type must be SingleFamily or MultiFamily`);
  if (node.name === 'SubdivisionName' && /^the\b/i.test(node.text.trim())) problems.push(`${path}: starts with "The"`);
  if (node.name === 'SpecMoveInDate') {
    const [only, ...more] = node.children;
    const ok =
      more.length === 0 &&
      ((only?.name === 'Day' && /^\d{4}-\d{2}-\d{2}$/.test(only.text)) ||
        (only?.name === 'Month' && /^\d{4}-\d{2}$/.test(only.text)));
    if (!ok) problems.push(`${path}: one Day (YYYY-MM-DD) or Month (YYYY-MM)`);
  }
  node.children.forEach((child, index) => problems.push(...bdxProblems(child, `${path}/${child.name}[${index}]`)));
  return problems;
}
