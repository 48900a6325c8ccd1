import { useAuth } from '@/lib/auth-context';
import { AccessLiveToasts } from '../components/AccessLiveToasts';
import { AccessManagement } from '../components/AccessManagement';
import { MyAccess } from '../components/MyAccess';

/** Who may manage access sees the building's; everyone else their own (spec section 2). */
export function AccessControlPage() {
  const { can } = useAuth();
  return (
    <>
      <AccessLiveToasts />
      {can('access.manage') ? <AccessManagement /> : <MyAccess />}
    </>
  );
}
