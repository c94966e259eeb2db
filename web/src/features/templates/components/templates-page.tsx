import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { AdminPage } from '../../admin';
import { useTemplates } from '../api/get-templates';
import { TemplateForm } from './template-form';

/** /user-data/templates: the e-mails an author gets when their submission is accepted or rejected. */
export function TemplatesPage() {
  const templates = useTemplates();

  return (
    <AdminPage title={routes.userDataTemplates.title}>
      <p>
        An author gets one of these e-mails when you accept or reject their submission. Undoing a decision sends
        nothing.
      </p>
      {templates.isPending && <PageLoading label="Loading the e-mails…" />}
      {templates.isError && (
        <FormMessage tone="error">
          {refusalMessage(templates.error) ?? 'Failed to load the e-mails. Please try again.'}
        </FormMessage>
      )}
      {templates.data?.map((template) => <TemplateForm key={template.kind} template={template} />)}
    </AdminPage>
  );
}
