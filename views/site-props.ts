import type { Content } from '../src/content/index.js';
import type { DescribeImage } from '../src/render/images.js';

/** What every page view receives: the community content, the current path and the image resolver. */
export interface SiteProps {
  content: Content;
  path: string;
  image: DescribeImage;
}
