import { useInfiniteQuery } from '@tanstack/react-query';
import { Card, CardContent } from '@/components/ui/Card';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { myTimelineQuery } from '../api/access-api';
import { dayLabel, groupByDay } from '../lib/format';
import { LogList } from './LogList';

/** Every passage of mine, newest first; older ones a keyset page at a time. */
export function AccessTimeline() {
  const timeline = useInfiniteQuery(myTimelineQuery());
  const logs = timeline.data?.pages.flatMap((page) => page.logs) ?? [];
  return (
    <QueryState query={timeline} what="Your access timeline is" keepDataOnError>
      {() => (
        <Card>
          <CardContent>
            {logs.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">No recent access recorded</p>
            ) : (
              groupByDay(logs).map((day) => (
                <section key={day.date} aria-labelledby={`day-${day.date}`} className="not-first:mt-4">
                  <h2
                    id={`day-${day.date}`}
                    className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
                  >
                    {dayLabel(day.date)}
                  </h2>
                  <LogList
                    logs={day.items}
                    label={`Access on ${dayLabel(day.date)}`}
                    timeOnly
                    testId="timeline-item"
                  />
                </section>
              ))
            )}
            <LoadMore pages={timeline} what="Older access events are" className="pt-3 text-center" />
          </CardContent>
        </Card>
      )}
    </QueryState>
  );
}
