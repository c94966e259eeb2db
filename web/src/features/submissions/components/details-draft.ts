import type { Submission } from '../../../api/types';

export type PreferredFormat = Submission['preferred_format'];

export interface CoauthorDraft {
  name: string;
  email: string;
  institution: string;
}

/** The details of a submission as the form holds them. */
export interface DetailsDraft {
  title: string;
  coauthors: CoauthorDraft[];
  keywords: string[];
  preferred_format: PreferredFormat;
}

export const MAX_TITLE_CHARS = 300;
export const MAX_COAUTHORS = 10;
export const MAX_KEYWORDS = 3;

export const formatLabels: Readonly<Record<PreferredFormat, string>> = {
  talk: 'Talk',
  poster: 'Poster',
  either: 'Either',
  virtual: 'Virtual',
};

export const emptyDraft: DetailsDraft = { title: '', coauthors: [], keywords: [], preferred_format: 'either' };

export function draftOf(submission: Submission): DetailsDraft {
  return {
    title: submission.title,
    coauthors: submission.coauthors.map((c) => ({ ...c })),
    keywords: [...submission.keywords],
    preferred_format: submission.preferred_format,
  };
}

/**
 * The checks the form can make before sending (the server makes them all
 * again): messages per field, keyed as the server keys them.
 */
export function checkDraft(draft: DetailsDraft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const title = draft.title.trim();
  if (!title) errors.title = ['Please enter the title of your abstract.'];
  // Code points, as the server counts.
  else if (Array.from(title).length > MAX_TITLE_CHARS) {
    errors.title = [`The title can be at most ${MAX_TITLE_CHARS} characters long.`];
  }
  draft.coauthors.forEach((coauthor, i) => {
    if (!coauthor.name.trim()) errors[`coauthors.${i}.name`] = ["Please enter the co-author's name."];
    if (!coauthor.email.trim()) errors[`coauthors.${i}.email`] = ["Please enter the co-author's e-mail address."];
    if (!coauthor.institution.trim()) {
      errors[`coauthors.${i}.institution`] = ["Please enter the co-author's institution."];
    }
  });
  return errors;
}
