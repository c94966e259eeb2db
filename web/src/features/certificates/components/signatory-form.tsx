import type { Signatory } from '../../../api/types';
import { RadioGroup, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { SubmitButton } from '../../../components/submit-button';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useSetSignatory, useSignatory } from '../api/signatory';

/** Who signs the edition's certificates of attendance and presentation. */
export function SignatoryForm({ year }: { year: number }) {
  const signatory = useSignatory(year);
  if (signatory.isPending) return <PageLoading label="Loading the signatory…" />;
  if (signatory.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(signatory.error) ?? 'Failed to load the signatory. Please try again.'}
      </FormMessage>
    );
  }
  return <Form year={year} initial={signatory.data} />;
}

type Signing = 'signed' | 'unsigned';
type Paper = Signatory['paper'];

const SIGNING: readonly { value: Signing; label: string }[] = [
  { value: 'signed', label: 'Signed by the person named below' },
  { value: 'unsigned', label: 'No signature' },
];
const PAPER: readonly { value: NonNullable<Paper>; label: string }[] = [
  { value: 'letter', label: 'US Letter' },
  { value: 'a4', label: 'A4' },
];

function Form({ year, initial }: { year: number; initial: Signatory }) {
  const save = useSetSignatory();
  const form = useForm(save, {
    initial: {
      name: initial.name,
      title: initial.title,
      signing: initial.no_signature ? 'unsigned' : 'signed',
      paper: initial.paper ?? 'letter',
    },
    request: ({ name, title, signing, paper }) => ({
      year,
      signatory:
        signing === 'unsigned'
          ? { name: '', title: '', no_signature: true, paper: paper }
          : { name, title, no_signature: false, paper: paper },
    }),
    failure: (error) => refusalMessage(error) ?? 'The signatory could not be saved. Please try again.',
  });
  const unsigned = form.values.signing === 'unsigned';
  const undecided = !unsigned && initial.name === '' && !initial.no_signature;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit}>
      <p>
        SCULC {year}&rsquo;s certificates of attendance and presentation are offered once you name who signs them, or
        choose no signature. Every certificate prints the signatory saved here, those downloaded before included.
      </p>
      {undecided && (
        <p className="field-hint">
          No one is named yet: attendees and presenters cannot download their certificates until you decide.
        </p>
      )}
      <RadioGroup
        legend="Signature"
        name="signing"
        choices={SIGNING}
        value={form.values.signing as Signing}
        onChange={(value) => {
          form.set('signing', value);
        }}
        errors={form.fieldErrors.no_signature}
      />
      {!unsigned && (
        <>
          <TextField label="Signatory's name" maxLength={120} {...form.field('name', 'name')} />
          <TextField
            label="Signatory's title"
            hint="For example: Faculty Advisor, Department of Linguistics"
            maxLength={120}
            {...form.field('title', 'title')}
          />
        </>
      )}
      <RadioGroup
        legend="Paper"
        name="paper"
        look="pills"
        choices={PAPER}
        value={form.values.paper}
        onChange={(value) => {
          form.set('paper', value);
        }}
      />
      <SubmitButton busy={form.busy} busyLabel="Saving...">
        Save signatory
      </SubmitButton>
      {save.isSuccess && !form.busy && (
        <FormMessage tone="success">The signatory of SCULC {year} was saved.</FormMessage>
      )}
      {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
    </form>
  );
}
