import type { ResponsiveImage } from './responsive-image.js';

/** One image as the staff images editor shows it; the server builds these, the widget renders them. */
export interface EditorImage {
  url: string;
  /** The order stored on the server; a delete sends it (seed-spec §7). */
  order: number;
  alt: string;
  preview: ResponsiveImage;
}

export interface AdminImagesEditorProps {
  label: string;
  images: EditorImage[];
  csrfToken: string;
  endpoints: { list: string; reorder: string; remove: string };
}
