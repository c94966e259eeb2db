import type { Signatory } from '../../../api/types';
import { TextField } from '../../../components/field';
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

function Form({ year, initial }: { year: number; initial: Signatory }) {
  const save = useSetSignatory();
  const form = useForm(save, {
    initial: { name: initial.name, title: initial.title },
    request: (values) => ({ year, signatory: values }),
    failure: (error) => refusalMessage(error) ?? 'The signatory could not be saved. Please try again.',
  });
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit}>
      <p>
        Printed under the signature line of SCULC {year}&rsquo;s certificates. A certificate keeps the signatory it
        was first downloaded with.
      </p>
      <TextField label="Signatory's name" maxLength={120} {...form.field('name', 'name')} />
      <TextField
        label="Signatory's title"
        hint="For example: Faculty Advisor, Department of Linguistics"
        maxLength={120}
        {...form.field('title', 'title')}
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
