import { PageHeader } from '@/components/ui/PageHeader';
import { ActiveSessions } from '../components/ActiveSessions';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { MailSettings } from '../components/MailSettings';
import { MyDetails } from '../components/MyDetails';

/** Everyone's own page: their details (read only), their password, their mails and their sessions. */
export function ProfilePage() {
  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, your password, what Atrium mails you and where you are signed in."
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MyDetails />
        <ChangePasswordForm />
        <MailSettings />
        <div className="lg:col-span-2">
          <ActiveSessions />
        </div>
      </div>
    </>
  );
}
