import type { Request } from 'express';
import type { Content } from '../content/index.js';
import type { DescribeImage } from '../render/images.js';
import type { Renderer } from '../render/renderer.js';
import type { SiteProps } from '../../views/site-props.js';

/** What page handlers share: the content, the renderer and the image resolver. */
export interface PageKit {
  content: Content;
  renderer: Renderer;
  image: DescribeImage;
}

export function siteProps(kit: PageKit, req: Request): SiteProps {
  return { content: kit.content, path: req.path, image: kit.image };
}
