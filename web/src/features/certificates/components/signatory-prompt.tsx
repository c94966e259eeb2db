import { FormMessage } from '../../../components/form-message';
import { useSignatory } from '../api/signatory';

/**
 * Once an edition's registration is open, its chair is asked who signs its
 * certificates, for as long as nobody has decided: until then attendees
 * and presenters cannot download theirs. `signatoryId` is the id of the
 * signatory's form heading on the same screen.
 */
export function SignatoryPrompt({ year, signatoryId }: { year: number; signatoryId: string }) {
  const signatory = useSignatory(year);
  const data = signatory.data;
  if (!data || data.no_signature || data.name !== '') return null;
  return (
    <FormMessage tone="info">
      Who signs the certificates of SCULC {year}? Attendees and presenters can download theirs once you{' '}
      <a href={`#${signatoryId}`}>name the signatory or choose no signature</a>.
    </FormMessage>
  );
}
