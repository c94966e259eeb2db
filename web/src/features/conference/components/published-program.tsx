import type { ReactNode } from 'react';

import { formatConferenceClock } from '../../../lib/format-clock';
import { talkCalendarUrl, usePublishedProgram, type PublishedProgram } from '../api/get-program';

const day = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const KIND_LABELS = { talks: 'Talks', posters: 'Posters', break: 'Break', keynote: 'Keynote' } as const;

interface ProgramSectionProps {
  year: number;
  /** The content's own text, shown until a program is published. */
  fallback: ReactNode;
}

/** The edition page's Program section: the published program, else the content text. */
export function ProgramSection({ year, fallback }: ProgramSectionProps) {
  const program = usePublishedProgram(year);
  if (!program.data) return fallback;
  return <PublishedProgramView program={program.data} />;
}

export function PublishedProgramView({ program }: { program: PublishedProgram }) {
  const first = program.sessions[0];
  const year = program.edition_year;
  return (
    <div className="published-program">
      {first && <p>{day.format(new Date(first.starts_at))}; times are Pacific Time.</p>}
      <p>
        <a href={program.pdf_url}>Download the program (PDF)</a>
      </p>
      <ol className="conference-program-schedule">
        {program.sessions.map((session) => (
          <li key={`${session.starts_at}-${session.title}`}>
            <h3>
              <span className="program-time">
                {formatConferenceClock(session.starts_at)} – {formatConferenceClock(session.ends_at)}
              </span>{' '}
              {session.title}
            </h3>
            <p className="conference-program-place">
              {KIND_LABELS[session.kind]}
              {session.room && ` · ${session.room}`}
            </p>
            {session.items.length > 0 && (
              <ul className="conference-program-talks">
                {session.items.map((item) => (
                  <li key={item.code}>
                    {session.kind === 'talks' && (
                      <>
                        <span className="program-time">
                          {formatConferenceClock(item.starts_at)} – {formatConferenceClock(item.ends_at)}
                        </span>{' '}
                      </>
                    )}
                    <strong>{item.title}</strong>
                    <br />
                    {item.authors}{' '}
                    {session.kind === 'talks' && (
                      // The name in one string: a hidden span after the visible
                      // words gave Chromium "Add to calendar : …" with a stray space.
                      <a href={talkCalendarUrl(year, item.code)} download aria-label={`Add to calendar: ${item.title}`}>
                        Add to calendar
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
