import { useState } from 'react';

import type { Embed } from '../lib/content-types';

const DEFAULT_HEIGHT: Record<Embed['kind'], number> = { pdf: 720, slides: 420, form: 640, video: 360 };

/** An embedded document, form or video: titled, and loaded only when scrolled near. */
export function EmbedFrame({ title, src, kind, height }: Omit<Embed, 'expandable'>) {
  return (
    <div className={`embed embed-${kind}`}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        height={height ?? DEFAULT_HEIGHT[kind]}
        allowFullScreen={kind === 'slides' || kind === 'video'}
        referrerPolicy="strict-origin-when-cross-origin"
      />
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
