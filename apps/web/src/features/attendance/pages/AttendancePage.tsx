import { ViewSwitch } from '@/components/ui/ViewSwitch';
import { useAuth } from '@/lib/auth-context';
import { AttendanceManagement } from '../components/AttendanceManagement';
import { MyAttendance } from '../components/MyAttendance';

/**
 * Staff see their own attendance (spec section 2); administrators, who are staff too, also manage
 * everyone's and switch between the two.
 */
export function AttendancePage() {
  const { can } = useAuth();
  if (!can('attendance.manage')) return <MyAttendance />;
  return (
    <ViewSwitch
      manageLabel="Attendance Management"
      mineLabel="My Attendance"
      label="Attendance view"
      idPrefix="attendance-view"
      manage={() => <AttendanceManagement />}
      mine={() => <MyAttendance />}
    />
  );
}
