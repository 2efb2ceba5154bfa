import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { WidgetName } from '../../widgets/registry.js';
import type { AssetManifest } from './asset-manifest.js';
import { Document, type PageMeta } from './Document.js';
import { WidgetCollectorContext } from './widget.js';
import { communityPath, communitySiteName, onBuilderRoot } from './community-path.js';

export interface Renderer {
  /** Renders a page into a complete HTML document. */
  page(body: ReactElement, meta: PageMeta): string;
  /** The site name the page rendered now would carry in its title: the community's, or the builder's. */
  siteName(): string;
}

export function createRenderer(options: {
  assets: AssetManifest;
  /** The community's name as published now (it follows a publish). */
  siteName: () => string;
  /** The builder's name: the site name of the builder's own pages on a site of several communities. */
  builderName?: () => string;
  /** The public origin (config.siteUrl): canonical and share links are absolute and never taken from a request. */
  siteUrl: string;
}): Renderer {
  const { assets, siteName, siteUrl } = options;
  const nameOfSite = () =>
    communitySiteName() ?? (onBuilderRoot() && options.builderName ? options.builderName() : siteName());
  return {
    page(body, meta) {
      const used = new Set<WidgetName>();
      const bodyHtml = renderToString(
        <WidgetCollectorContext.Provider value={used}>{body}</WidgetCollectorContext.Provider>,
      );
      const widgets = [...used].map((name) => assets.widgets[name]);
      const stylesheets = [
        assets.siteCss,
        ...(meta.admin ? [assets.adminCss] : []),
        ...widgets.flatMap((widget) => widget.css),
      ];
      const html = renderToStaticMarkup(
        <Document
          meta={meta}
          siteName={nameOfSite()}
          siteUrl={siteUrl}
          canonicalUrl={meta.noindex ? undefined : `${siteUrl}${communityPath(meta.path)}`}
          stylesheets={[...new Set(stylesheets)]}
          bootScript={widgets.length > 0 || meta.leadForm ? assets.boot.js : undefined}
          integrity={assets.integrity}
          bodyHtml={bodyHtml}
        />,
      );
      return `<!doctype html>${html}`;
    },
    siteName: nameOfSite,
  };
}
