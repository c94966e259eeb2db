import type { BoardMember } from '../../../lib/content-types';
import './board.css';

/** A member's answers to the board's questions, leaving out those not answered. */
function facts(member: BoardMember): [string, string][] {
  const all: [string, string][] = [
    ['Pronouns', member.pronouns],
    ['Major/Minor', member.major_minor],
    ['Class year', member.class_year],
    ['Favourite area of linguistics', member.favourite_area],
    ['Favourite drink', member.favourite_drink],
  ];
  return all.filter(([, value]) => value.trim() !== '');
}

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
          {member.name.trim() && <p className="board-name">{member.name}</p>}
          {facts(member).length > 0 && (
            <dl className="facts board-member-facts">
              {facts(member).map(([label, value]) => (
                <div className="fact" key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}
