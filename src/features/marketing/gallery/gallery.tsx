import { useEffect, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buildNumberFromPath, wrapIndex } from '../../../domain/gallery';
import type { GalleryImage } from '../../../config/gallery';
import { askServiceWorker, swRequests } from '../../../lib/service-worker-requests';
import './gallery.css';

/**
 * Previous, current and next build side by side. Arrow buttons, a click or Enter on a side
 * card, and the left/right arrow keys anywhere in the gallery move it; it wraps both ways.
 */
export function Gallery({ images }: { images: readonly GalleryImage[] }) {
  const [current, setCurrent] = useState(0);
  // Shown once, the whole gallery is kept for offline use (not with every visitor's install).
  useEffect(() => askServiceWorker(swRequests.warmGallery), []);
  const move = (step: number) => setCurrent((index) => wrapIndex(index, step, images.length));
  if (images.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    move(step);
  };

  const image = images[current];
  const previous = images[wrapIndex(current, -1, images.length)];
  const next = images[wrapIndex(current, 1, images.length)];

  return (
    // Arrow keys bubble here from any focused control inside the gallery.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="gallery"
      role="region"
      aria-roledescription="carousel"
      aria-label="Build gallery"
      onKeyDown={onKeyDown}
    >
      <div className="gallery__stage">
        <SideCard image={previous} side="previous" onSelect={() => move(-1)} />
        <figure className="gallery__card gallery__card--current">
          <img src={image.src} alt={image.alt} width={image.width} height={image.height} />
          <figcaption aria-live="polite">
            Build #{buildNumberFromPath(image.src)}
            <span className="visually-hidden">
              , photo {current + 1} of {images.length}
            </span>
          </figcaption>
        </figure>
        <SideCard image={next} side="next" onSelect={() => move(1)} />
      </div>
      <div className="gallery__controls">
        <button type="button" className="gallery__arrow" onClick={() => move(-1)}>
          <ChevronLeft aria-hidden="true" />
          <span className="visually-hidden">Previous build</span>
        </button>
        <p className="gallery__position" aria-hidden="true">
          {current + 1} / {images.length}
        </p>
        <button type="button" className="gallery__arrow" onClick={() => move(1)}>
          <ChevronRight aria-hidden="true" />
          <span className="visually-hidden">Next build</span>
        </button>
      </div>
    </div>
  );
}

interface SideCardProps {
  image: GalleryImage;
  side: 'previous' | 'next';
  onSelect: () => void;
}

/** A neighbouring photo; it is a button, so a click, Enter or Space brings it to the centre. */
function SideCard({ image, side, onSelect }: SideCardProps) {
  return (
    <button
      type="button"
      className={`gallery__card gallery__card--side gallery__card--${side}`}
      onClick={onSelect}
      aria-label={`Show build #${buildNumberFromPath(image.src)} (${side})`}
    >
      <img src={image.src} alt="" width={image.width} height={image.height} loading="lazy" />
    </button>
  );
}
