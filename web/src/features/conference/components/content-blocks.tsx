import { ContentLink } from '../../../components/content-link';
import { DeferredGallery } from '../../../components/deferred-gallery';
import { EmbedFrame, ExpandableEmbed } from '../../../components/embed-frame';
import type { Block } from '../../../lib/content-types';
import { useSite } from '../../../lib/site-content';
import { calendarUrl } from '../api/get-edition';
import { SubmissionStatusButton } from './submission-status-button';
import './conference.css';

interface BlockViewProps {
  block: Block;
  /** The edition's year, for its calendar file. */
  year: number;
  /** Names the block for screen readers where it needs a name (a carousel). */
  label: string;
}

/** The spec's program route: whichever edition is current. */
const CURRENT_PROGRAM_PDF = '/sculc-program.pdf';

/**
 * Where a block's address leads on edition `year`'s page: the content's
 * `/sculc-program.pdf` means the page's own program, which is the shared
 * route's only while `year` is current; once a newer edition is, it is the
 * edition's own address, so an archive page never shows next year's PDF.
 */
export function addressOnPage(address: string, year: number, currentYear: number | undefined): string {
  const archived = currentYear !== undefined && year !== currentYear;
  return address === CURRENT_PROGRAM_PDF && archived ? `/sculc-${String(year)}/program.pdf` : address;
}

/** One block of an edition page's content, by its type. */
export function BlockView({ block, year, label }: BlockViewProps) {
  const { data: site } = useSite();
  const onPage = (address: string) => addressOnPage(address, year, site?.current_edition?.year);
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'facts':
      return (
        <dl className="facts">
          {block.items.map(({ label: name, value }) => (
            <div key={name} className="fact">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      );
    case 'list':
      return (
        <ul className="content-list">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'link':
      return (
        <p className={block.style === 'button' ? 'button-row' : undefined}>
          <ContentLink href={onPage(block.href)} className={block.style === 'button' ? 'button' : undefined}>
            {block.label}
          </ContentLink>
        </p>
      );
    case 'embed': {
      const { type: _type, expandable, src, ...embed } = block;
      return expandable ? (
        <ExpandableEmbed {...embed} src={onPage(src)} />
      ) : (
        <EmbedFrame {...embed} src={onPage(src)} />
      );
    }
    case 'gallery':
      return (
        // Most edition pages have no carousel: its code and styles load only for those that do.
        <DeferredGallery
          items={block.items}
          // Not the section's own name: two landmarks would share it.
          label={`${label} gallery`}
          thumbnails={block.thumbnails}
          bullets={block.bullets}
          fullscreen={block.fullscreen}
          playButton={block.play_button}
          autoplay={block.autoplay}
          belowFold
        />
      );
    case 'person':
      return (
        <div className="conference-person card">
          <h3>{block.name}</h3>
          <p className="conference-person-role">{block.role}</p>
          <p>{block.bio}</p>
          {block.link && (
            <p>
              <ContentLink href={block.link.href}>{block.link.label}</ContentLink>
            </p>
          )}
        </div>
      );
    case 'schedule':
      return (
        <>
          {block.heading && <h3 className="schedule-heading">{block.heading}</h3>}
          <table className="conference-schedule">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Session</th>
              </tr>
            </thead>
            <tbody>
              {block.items.map((item) => (
                <tr key={`${item.time} ${item.title}`}>
                  <td className="conference-schedule-time">{item.time}</td>
                  <td>
                    {item.title}
                    {item.detail && <span className="conference-schedule-detail">{item.detail}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
    case 'calendar':
      return (
        <p className="button-row">
          <a href={calendarUrl(year)} className="button button-secondary" download>
            {block.label}
          </a>
        </p>
      );
    case 'submission_status':
      return <SubmissionStatusButton year={year} />;
  }
}
