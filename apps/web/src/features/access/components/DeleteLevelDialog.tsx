import type { AccessLevel } from '@atrium/contract';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { counted } from '@/lib/plural';
import { useDeleteAccessLevel } from '@/lib/queries/access-levels';

/** Deleting a level revokes every grant of it: the confirmation says how many that is. */
export function DeleteLevelDialog({ level, onClose }: { level: AccessLevel; onClose: () => void }) {
  const remove = useDeleteAccessLevel();
  const toast = useToast();
  const grants = level.department_grants + level.person_grants;
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete ${level.name}?`}
      formId="delete-level-form"
      danger
      busy={remove.isPending}
      submitLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(level.id, {
          onSuccess: () => {
            toast.success(`${level.name} deleted`);
            onClose();
          },
        });
      }}
    >
      <p className="text-sm text-slate-700">
        {grants > 0
          ? `Its ${counted(grants, 'grant')} go with it: those people lose these doors at their next swipe, once the controllers have the change.`
          : 'Nobody holds it, so nobody loses a door.'}
      </p>
      <FormAlert>
        {remove.isError ? errorMessage(remove.error, 'The access level could not be deleted') : null}
      </FormAlert>
    </FormDialog>
  );
}
