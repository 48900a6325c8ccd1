import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabPanel, Tabs } from './Tabs';

/**
 * An administrator's two views of one area: the management view and their own, as a member of
 * staff (?view=mine keeps the choice in the address, so it survives a reload and can be linked).
 */
export function ViewSwitch({
  manageLabel,
  mineLabel,
  label,
  idPrefix,
  manage,
  mine,
}: {
  manageLabel: string;
  mineLabel: string;
  label: string;
  idPrefix: string;
  manage: () => ReactNode;
  mine: () => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'mine' ? 'mine' : 'manage';
  const choose = (next: 'manage' | 'mine') =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'mine') updated.set('view', 'mine');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return (
    <>
      <Tabs
        tabs={[
          { id: 'manage', label: manageLabel },
          { id: 'mine', label: mineLabel },
        ]}
        value={view}
        onChange={choose}
        label={label}
        idPrefix={idPrefix}
        className="mb-4"
      />
      <TabPanel idPrefix={idPrefix} id={view}>
        {view === 'mine' ? mine() : manage()}
      </TabPanel>
    </>
  );
}
