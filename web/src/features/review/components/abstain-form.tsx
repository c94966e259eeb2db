import { useEffect, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { TextAreaField } from '../../../components/field';
import { SubmitButton } from '../../../components/submit-button';
import { refusalMessage } from '../../../lib/api-client';
import { useAbstain } from '../api/abstain';

export const REASON_LIMIT = 1000;

interface AbstainFormProps {
  code: string;
  onCancel: () => void;
  onAbstained: () => void;
}

/** Asks why the reviewer gives the submission back, then confirms before sending. */
export function AbstainForm({ code, onCancel, onAbstained }: AbstainFormProps) {
  const abstain = useAbstain();
  const confirm = useConfirm();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    reasonRef.current?.focus();
  }, []);

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (abstain.isPending) return;
    const text = reason.trim();
    if (!text) {
      setProblem('Say why you are abstaining.');
      reasonRef.current?.focus();
      return;
    }
    if (text.length > REASON_LIMIT) {
      setProblem(`Shorten the reason to ${REASON_LIMIT.toLocaleString('en-US')} characters.`);
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    const sure = await confirm({
      title: 'Abstain',
      message: `Abstain from ${code}? It leaves your list and goes to another reviewer.`,
      confirmLabel: 'Abstain',
    });
    if (!sure) return;
    try {
      await abstain.mutateAsync({ code, reason: text });
    } catch (error) {
      setProblem(refusalMessage(error) ?? 'Failed to abstain. Please try again.');
      return;
    }
    onAbstained();
  };

  return (
    <form className="form abstain-form" onSubmit={(event) => void send(event)} noValidate aria-label="Abstain">
      <TextAreaField
        ref={reasonRef}
        label="Why are you abstaining?"
        hint="The organisers read this; the author never does."
        rows={3}
        value={reason}
        errors={problem ? [problem] : undefined}
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
      <div className="button-row">
        <SubmitButton busy={abstain.isPending} busyLabel="Abstaining...">
          Abstain from {code}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
