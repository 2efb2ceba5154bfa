import { SMALL_SCREEN, smallScreenImage, type ResponsiveImage } from '../shared/responsive-image.js';
import { jsonLdText } from './structured-data.js';

export interface PageMeta {
  title: string;
  description: string;
  /** The path of the page, for the canonical link. */
  path: string;
  noindex?: boolean;
  /** The title names the site already ("New homes by <builder>"): shown without the site name after it. */
  titleNamesSite?: boolean;
  /**
   * The LCP image, preloaded with its srcset so the browser fetches it before it parses the body; as its <Picture>
   * offers it (capOnSmallScreens: phones a narrower srcset, each preload then for its own screens).
   */
  preloadImage?: { image: ResponsiveImage; sizes: string; capOnSmallScreens?: boolean };
  /** Staff pages: the session's CSRF token for scripts, and the admin stylesheet. */
  csrfToken?: string;
  admin?: boolean;
  /** schema.org objects describing what the page shows. */
  jsonLd?: object[];
  /** Social card image (a site path). */
  shareImage?: string;
  /** The page has a lead form: the boot script fills its visit fields even where no widget needs it (016). */
  leadForm?: boolean;
}

interface DocumentProps {
  meta: PageMeta;
  siteName: string;
  siteUrl: string;
  canonicalUrl: string | undefined;
  stylesheets: string[];
  bootScript: string | undefined;
  integrity: Record<string, string>;
  bodyHtml: string;
}

/** Wherever SMALL_SCREEN does not hold. */
const LARGE_SCREEN = `not all and ${SMALL_SCREEN}`;

/** The preload of an image as its <picture> offers it first: AVIF where it has a set of them. */
function PreloadImage({ image, sizes, media }: { image: ResponsiveImage; sizes: string; media?: string }) {
  return (
    <link
      rel="preload"
      as="image"
      href={image.src}
      imageSrcSet={image.avifSrcSet ?? image.srcSet}
      imageSizes={sizes}
      type={image.avifSrcSet ? 'image/avif' : undefined}
      media={media}
      fetchPriority="high"
    />
  );
}

/** The HTML shell around a rendered page: head, links to exactly the CSS and JS the page uses. */
export function Document({
  meta,
  siteName,
  siteUrl,
  canonicalUrl,
  stylesheets,
  bootScript,
  integrity,
  bodyHtml,
}: DocumentProps) {
  const title = meta.title === siteName || meta.titleNamesSite ? meta.title : `${meta.title} | ${siteName}`;
  const preload = meta.preloadImage;
  const small = preload?.capOnSmallScreens ? smallScreenImage(preload.image) : undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? <meta name="robots" content="noindex" /> : null}
        {meta.csrfToken ? <meta name="csrf-token" content={meta.csrfToken} /> : null}
        {canonicalUrl ? <link rel="canonical" href={canonicalUrl} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        {canonicalUrl ? <meta property="og:url" content={canonicalUrl} /> : null}
        {meta.shareImage ? <meta property="og:image" content={`${siteUrl}${meta.shareImage}`} /> : null}
        <meta name="twitter:card" content={meta.shareImage ? 'summary_large_image' : 'summary'} />
        {(meta.jsonLd ?? []).map((data, index) => (
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
        ))}
        <meta name="theme-color" content="#1f4d3a" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/sample/icons/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/sample/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {preload && small ? <PreloadImage image={small} sizes={preload.sizes} media={SMALL_SCREEN} /> : null}
        {preload ? (
          <PreloadImage image={preload.image} sizes={preload.sizes} media={small ? LARGE_SCREEN : undefined} />
        ) : null}
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {bootScript ? <script type="module" src={bootScript} integrity={integrity[bootScript]} /> : null}
      </head>
      <body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </html>
  );
}
