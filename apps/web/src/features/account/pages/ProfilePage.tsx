import { PageHeader } from '@/components/ui/PageHeader';
import { ActiveSessions } from '../components/ActiveSessions';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { MyDetails } from '../components/MyDetails';

/** Everyone's own page: their details (read only), their password and their sessions. */
export function ProfilePage() {
  return (
    <>
      <PageHeader title="Profile" description="Your details, your password and where you are signed in." />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MyDetails />
        <ChangePasswordForm />
        <div className="lg:col-span-2">
          <ActiveSessions />
        </div>
      </div>
    </>
  );
}
