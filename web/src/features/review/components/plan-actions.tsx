import { Button } from '../../../components/button';

interface PlanActionsProps {
  /** The going-ahead button ('Confirm 3 assignments'), left out when the plan has nothing to save. */
  confirm?: { label: string; busyLabel: string; busy: boolean; onClick: () => void } | undefined;
  /** Drops the plan: 'Cancel' while there is something to confirm. */
  cancelLabel: string;
  onCancel: () => void;
}

/** Under a previewed plan (automatic assignment, decisions by threshold): save it, or drop it. */
export function PlanActions({ confirm, cancelLabel, onCancel }: PlanActionsProps) {
  return (
    <div className="button-row">
      {confirm && (
        <Button disabled={confirm.busy} onClick={confirm.onClick}>
          {confirm.busy ? confirm.busyLabel : confirm.label}
        </Button>
      )}
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
