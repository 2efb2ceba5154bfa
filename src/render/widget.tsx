import { createContext, createElement, useContext, type ComponentType } from 'react';
import {
  HYDRATE_ATTRIBUTE,
  WIDGET_ATTRIBUTE,
  WIDGET_ROOT_ATTRIBUTE,
  widgetLoaders,
  type Hydrate,
  type WidgetName,
  type WidgetProps,
} from '../../widgets/registry.js';

type ServerWidgets = Record<WidgetName, ComponentType<object>>;

let serverWidgets: ServerWidgets | undefined;

/** Loads every widget once at start so rendering stays synchronous. */
export async function loadServerWidgets(): Promise<void> {
  if (serverWidgets) return;
  const entries = await Promise.all(
    Object.entries(widgetLoaders).map(async ([name, load]) => [name, (await load()).default] as const),
  );
  serverWidgets = Object.fromEntries(entries) as unknown as ServerWidgets;
}

/** Collects the widgets a page rendered, so the document links their code and CSS and nothing else. */
export const WidgetCollectorContext = createContext<Set<WidgetName> | null>(null);

/** JSON inside <script type="application/json">: `<` escaped so no markup can close the element. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface WidgetElementProps<N extends WidgetName> {
  name: N;
  props: WidgetProps<N>;
  /**
   * Props the server renders with that the page does not carry as JSON, because the markup they render already
   * does: the widget takes them from its server-rendered HTML in the browser (the lot map's 1,000 shapes).
   */
  serverOnly?: Partial<WidgetProps<N>>;
  hydrate?: Hydrate;
  className?: string;
}

/** Server side of a widget: its placeholder, its props as JSON and its server-rendered HTML. */
export function Widget<N extends WidgetName>({
  name,
  props,
  serverOnly,
  hydrate = 'load',
  className,
}: WidgetElementProps<N>) {
  const collector = useContext(WidgetCollectorContext);
  if (!serverWidgets) throw new Error('loadServerWidgets() must run before rendering');
  collector?.add(name);
  const attributes = { [WIDGET_ATTRIBUTE]: name, [HYDRATE_ATTRIBUTE]: hydrate, className };
  return (
    <div {...attributes}>
      <script type="application/json" dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
      <div {...{ [WIDGET_ROOT_ATTRIBUTE]: '' }}>
        {createElement(serverWidgets[name], { ...props, ...serverOnly } as object)}
      </div>
    </div>
  );
}
