import type { BoardMember } from '../../../lib/content-types';
import './board.css';

/** The members of one term, each with their role and answers to the board's questions. */
export function BoardMembers({ members }: { members: readonly BoardMember[] }) {
  return (
    <ul className="board-members">
      {members.map((member) => (
        <li key={`${member.role} ${member.name}`} className="card board-member">
          {member.photo && (
            <img
              className="board-photo"
              src={member.photo.src}
              srcSet={member.photo.srcset ?? undefined}
              sizes={member.photo.sizes ?? undefined}
              alt={member.photo.alt}
              loading="lazy"
              width={160}
              height={160}
            />
          )}
          <h3>{member.role}</h3>
          <p className="board-name">{member.name}</p>
          <dl className="facts board-member-facts">
            <div className="fact">
              <dt>Pronouns</dt>
              <dd>{member.pronouns}</dd>
            </div>
            <div className="fact">
              <dt>Major/Minor</dt>
              <dd>{member.major_minor}</dd>
            </div>
            <div className="fact">
              <dt>Class year</dt>
              <dd>{member.class_year}</dd>
            </div>
            <div className="fact">
              <dt>Favourite area of linguistics</dt>
              <dd>{member.favourite_area}</dd>
            </div>
            <div className="fact">
              <dt>Favourite drink</dt>
              <dd>{member.favourite_drink}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
