import type { Request } from 'express';
import { contentOf } from './request-content.js';
import type { DescribeImage } from '../render/images.js';
import type { Renderer } from '../render/renderer.js';
import type { SiteProps } from '../../views/site-props.js';

/** What page handlers share: the renderer and the image resolver (content is the request's: contentOf). */
export interface PageKit {
  renderer: Renderer;
  image: DescribeImage;
}

export function siteProps(kit: PageKit, req: Request): SiteProps {
  return { content: contentOf(req), path: req.path, image: kit.image };
}
