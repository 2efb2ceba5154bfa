import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydrationRootContext, rememberHtmlValues } from './input-before-hydration.js';
import { useEnhanced } from './use-enhanced.js';
import { WIDGET_ATTRIBUTE, WIDGET_ROOT_ATTRIBUTE, widgetLoaders, type WidgetName } from './registry.js';

/**
 * Set on a placeholder once its widget has hydrated and drawn its interactive form: its event handlers are live
 * (browser tests wait for it).
 */
const HYDRATED_ATTRIBUTE = 'data-hydrated';

function isWidgetName(name: string | null): name is WidgetName {
  return name !== null && Object.hasOwn(widgetLoaders, name);
}

/**
 * Renders its child unchanged (no DOM of its own, so no mismatch) and reports once the widget's interactive form has
 * committed: the render after hydration, in which useEnhanced() turns true for the whole root.
 */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  const enhanced = useEnhanced();
  useEffect(() => {
    if (enhanced) onHydrated();
  }, [enhanced, onHydrated]);
  return children;
}

/** Hydrates one placeholder with its widget and the props the server rendered it with. */
export async function hydrateWidget(placeholder: HTMLElement): Promise<void> {
  const name = placeholder.getAttribute(WIDGET_ATTRIBUTE);
  const root = placeholder.querySelector<HTMLElement>(`:scope > [${WIDGET_ROOT_ATTRIBUTE}]`);
  const propsScript = placeholder.querySelector<HTMLScriptElement>(':scope > script[type="application/json"]');
  if (!isWidgetName(name) || !root || !propsScript) return;
  const props: unknown = JSON.parse(propsScript.textContent ?? '{}');
  const module = await widgetLoaders[name]();
  const onHydrated = () => placeholder.setAttribute(HYDRATED_ATTRIBUTE, '');
  const widget = createElement(module.default as ComponentType<object>, props as object);
  rememberHtmlValues(root);
  // As a transition, React hydrates in slices of a few milliseconds and yields to the browser between them, instead
  // of one task as long as the whole widget (at a phone's CPU speed, one that holds up every tap for its length).
  // A key pressed meanwhile makes React finish the hydration at once and then handle the key.
  startTransition(() => {
    hydrateRoot(
      root,
      createElement(
        // Widgets read what the visitor typed into the server-rendered fields from here (useInputBeforeHydration).
        HydrationRootContext.Provider,
        { value: root },
        createElement(Hydrated, { onHydrated }, widget),
      ),
      {
        // Name the widget in what the console shows, so a mismatch or a crash points at its source.
        onRecoverableError: (error) => console.error(`Widget ${name} recovered from an error while hydrating:`, error),
      },
    );
  });
}
