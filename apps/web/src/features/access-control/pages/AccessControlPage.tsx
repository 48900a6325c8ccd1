import { useAuth } from '@/lib/auth-context';
import { AccessLiveToasts } from '../components/AccessLiveToasts';
import { AccessManagement } from '../components/AccessManagement';
import { MyAccess } from '../components/MyAccess';

/** Admins manage the building's access; staff see their own (spec section 2). */
export function AccessControlPage() {
  const { isAdmin } = useAuth();
  return (
    <>
      <AccessLiveToasts />
      {isAdmin ? <AccessManagement /> : <MyAccess />}
    </>
  );
}
