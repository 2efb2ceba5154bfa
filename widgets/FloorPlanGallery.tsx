import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Picture } from '../src/shared/Picture.js';
import { coverSizes, type ResponsiveImage } from '../src/shared/responsive-image.js';

interface GalleryImage extends ResponsiveImage {
  caption?: string;
}

/** A thumbnail's box (FloorPlanGallery.css `.gallery-thumb img`): its column's width per layout, 3:2, cover. */
const THUMB_WIDTH = [
  { media: '(min-width: 1100px)', width: '360px' },
  { media: '(min-width: 640px)', width: '45vw' },
  { width: '92vw' },
];
const THUMB_HEIGHT = { aspectRatio: 3 / 2 };

interface FloorPlanGalleryProps {
  planName: string;
  images: GalleryImage[];
}

/**
 * A floor plan's gallery: thumbnails that link to the full image (so it works without JavaScript) and, once
 * hydrated, open a modal viewer (native <dialog>: focus kept inside, Escape closes; arrows move; focus returns).
 */
export default function FloorPlanGallery({ planName, images }: FloorPlanGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const thumbRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const lastOpened = useRef(0);

  function show(index: number, event?: MouseEvent) {
    event?.preventDefault();
    lastOpened.current = index;
    setOpen(index);
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }

  function move(step: number) {
    setOpen((current) => (current === null ? current : (current + step + images.length) % images.length));
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  }

  const current = open === null ? undefined : images[open];

  return (
    <div className="gallery">
      <ul className="gallery-grid">
        {images.map((image, index) => (
          <li key={image.src}>
            <figure>
              <a
                ref={(element) => {
                  thumbRefs.current[index] = element;
                }}
                href={image.src}
                className="gallery-thumb"
                onClick={(event) => show(index, event)}
                aria-label={`View larger: ${image.alt}`}
              >
                {/* The first thumbnail is the page's largest paint: fetch it at once, the rest as they near. */}
                <Picture
                  image={image}
                  sizes={coverSizes(image, THUMB_WIDTH, THUMB_HEIGHT)}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
              </a>
              {image.caption ? <figcaption>{image.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialogRef}
        className="viewer"
        aria-label={`${planName} photo viewer`}
        onKeyDown={onDialogKeyDown}
        onClose={() => {
          setOpen(null);
          thumbRefs.current[lastOpened.current]?.focus();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) dialogRef.current?.close();
        }}
      >
        {current && open !== null ? (
          <div className="viewer-body">
            <Picture image={current} sizes="(min-width: 1200px) 1100px, 96vw" loading="eager" />
            <p className="viewer-caption" aria-live="polite">
              {current.caption ?? current.alt}{' '}
              <span className="viewer-count">
                ({open + 1} of {images.length})
              </span>
            </p>
            <div className="viewer-controls">
              <button type="button" className="button" onClick={() => move(-1)} disabled={images.length < 2}>
                ‹ Previous
              </button>
              <button type="button" className="button" onClick={() => move(1)} disabled={images.length < 2}>
                Next ›
              </button>
              <button
                type="button"
                className="button button-accent"
                onClick={() => dialogRef.current?.close()}
                autoFocus
              >
                Close
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </div>
  );
}
