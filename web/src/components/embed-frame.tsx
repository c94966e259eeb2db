import { useState } from 'react';

import { useNearScreen } from '../hooks/use-near-screen';
import type { Embed } from '../lib/content-types';
import './embed-frame.css';

const DEFAULT_HEIGHT: Record<Embed['kind'], number> = { pdf: 720, slides: 420, form: 640, video: 360 };

/**
 * An embedded document, form or video: titled, and created only when
 * scrolled near. (loading="lazy" alone starts frames thousands of pixels
 * early, and Chromium's PDF viewer then costs a phone a quarter second of
 * blocked main thread on a page that has not shown the PDF yet.)
 */
export function EmbedFrame({ title, src, kind, height }: Omit<Embed, 'expandable'>) {
  const { ref, near } = useNearScreen<HTMLDivElement>();
  const frameHeight = height ?? DEFAULT_HEIGHT[kind];
  return (
    <div className={`embed embed-${kind}`}>
      {near ? (
        <iframe
          src={src}
          title={title}
          loading="lazy"
          height={frameHeight}
          allowFullScreen={kind === 'slides' || kind === 'video'}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        // Holds the frame's place, so nothing moves when it arrives.
        <div ref={ref} className="embed-placeholder" style={{ height: frameHeight }} />
      )}
      <p className="embed-link">
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open “{title}” in a new tab
        </a>
      </p>
    </div>
  );
}

/**
 * An embed behind a disclosure (e.g. each presentation's slides): the frame
 * is created only once the reader opens it, so a page of several embeds
 * loads none of them up front.
 */
export function ExpandableEmbed(embed: Omit<Embed, 'expandable'>) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="embed-details"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{embed.title}</summary>
      {opened && <EmbedFrame {...embed} />}
    </details>
  );
}
