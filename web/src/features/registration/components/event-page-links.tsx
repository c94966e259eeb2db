import { CheckboxField } from '../../../components/field';
import { refusalMessage } from '../../../lib/api-client';
import type { Notice } from '../../admin';
import { usePageLinks, useSetPageLinks } from '../api/event-page-links';

interface EventPageLinksProps {
  slug: string;
  title: string;
  onNotice: (notice: Notice) => void;
}

/**
 * "Keep the page's external registration links": off, the event's pages
 * (its edition's, a NACLO session) show Register or the person's
 * registration where the content has its check-in form, RSVP or
 * attendance form; on, they show those links as before.
 */
export function EventPageLinks({ slug, title, onNotice }: EventPageLinksProps) {
  const links = usePageLinks(slug);
  const save = useSetPageLinks(slug);
  if (links.data == null) return null;
  // The box follows the press at once, not the answer.
  const kept = save.isPending ? save.variables : links.data;

  const change = async (keep: boolean) => {
    try {
      await save.mutateAsync(keep);
      onNotice({
        tone: 'success',
        text: keep
          ? `The pages of ${title} show their external registration links.`
          : `The pages of ${title} show Register instead of their external registration links.`,
      });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the setting. Please try again.' });
    }
  };

  return (
    <CheckboxField
      label="Keep the page's external registration links"
      hint="Off: the edition's page or the NACLO session shows Register, or the person's registration, in place of the check-in form, RSVP or attendance form. On: the page shows those links as before."
      checked={kept}
      disabled={save.isPending}
      onChange={(event) => void change(event.target.checked)}
    />
  );
}
