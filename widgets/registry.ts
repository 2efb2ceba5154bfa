import type { ComponentProps } from 'react';

/**
 * THE list of widgets: hydrated components, each loaded on the client with a dynamic import so a page
 * downloads only the widgets it renders. The server renders the same components into placeholders.
 * Adding a widget = one file in widgets/ + one line here.
 */
export const widgetLoaders = {
  HomeCarousel: () => import('./HomeCarousel.js'),
  ContactForm: () => import('./ContactForm.js'),
  Nearby: () => import('./Nearby.js'),
  FloorPlanGallery: () => import('./FloorPlanGallery.js'),
  AdminImagesEditor: () => import('./AdminImagesEditor.js'),
  HomesiteEditor: () => import('./HomesiteEditor.js'),
  LotMap: () => import('./LotMap.js'),
  PasskeyButton: () => import('./PasskeyButton.js'),
  ContentEditor: () => import('./ContentEditor.js'),
  PaymentCalculator: () => import('./PaymentCalculator.js'),
  HomesMap: () => import('./HomesMap.js'),
  OutlineEditor: () => import('./OutlineEditor.js'),
  PinMap: () => import('./PinMap.js'),
};

export type WidgetName = keyof typeof widgetLoaders;
export type WidgetModule<N extends WidgetName> = Awaited<ReturnType<(typeof widgetLoaders)[N]>>;
export type WidgetProps<N extends WidgetName> = ComponentProps<WidgetModule<N>['default']>;

/**
 * Stylesheets a widget links itself once it needs them, not with the page, by the widget that links them; each is
 * built from widgets/<name>.css. Nearby links the map's (Leaflet's and its own) when it loads the map; the home
 * carousel links the slideshow's once it runs: the page's first paint then waits for one stylesheet fewer.
 */
export const lazyStylesheets = { Nearby: 'NearbyMap', HomeCarousel: 'HeroSlideshow' } as const satisfies Partial<
  Record<WidgetName, string>
>;
export type LazyStylesheet = (typeof lazyStylesheets)[keyof typeof lazyStylesheets];
export type Hydrate = 'load' | 'visible';

export const WIDGET_ATTRIBUTE = 'data-widget';
export const HYDRATE_ATTRIBUTE = 'data-hydrate';
export const WIDGET_ROOT_ATTRIBUTE = 'data-widget-root';
