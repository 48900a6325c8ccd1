import type { DepartmentSchedule, ScheduleVersion } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { daysText } from '@/lib/weekdays';
import { schedulesQuery } from '../api/departments-api';
import { ScheduleDialog } from './ScheduleDialog';

const versionText = (v: ScheduleVersion) =>
  `${daysText(v.workdays)} · ${v.startTime}–${v.endTime} · ${v.graceMinutes} min grace`;

/** Each department's schedule in force today; Edit adds a version from today. */
export function WorkSchedulesCard() {
  const schedules = useQuery(schedulesQuery());
  const [editing, setEditing] = useState<DepartmentSchedule | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle id="schedules-title">Work Schedules</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Absences and lateness follow each department's schedule; a change applies from today and earlier
          days keep the schedule they had.
        </p>
      </CardHeader>
      <CardContent>
        <QueryState query={schedules} what="Work schedules" loading="Loading work schedules">
          {({ schedules: list, today }) => (
            <ul aria-labelledby="schedules-title" className="divide-y divide-slate-100">
              {list.map((schedule) => {
                const upcoming = schedule.versions.filter((v) => v.effectiveFrom > today);
                return (
                  <li
                    key={schedule.departmentId}
                    className="flex flex-wrap items-center justify-between gap-2 py-3"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{schedule.departmentName}</p>
                      <p className="text-sm text-slate-600">{versionText(schedule.current)}</p>
                      {upcoming.map((v) => (
                        <p key={v.effectiveFrom} className="text-sm text-slate-600">
                          From {v.effectiveFrom}: {versionText(v)}
                        </p>
                      ))}
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(schedule)}
                      aria-label={`Edit schedule of ${schedule.departmentName}`}
                    >
                      Edit
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {editing ? <ScheduleDialog schedule={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
