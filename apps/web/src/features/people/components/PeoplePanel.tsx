import type { CreatePersonResponse, PersonStatus } from '@atrium/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { QueryState } from '@/components/ui/QueryState';
import { Unavailable } from '@/components/ui/Unavailable';
import { departmentQueries } from '@/lib/queries/departments';
import { peopleQueries } from '../api/people-api';
import { InvitationDialog } from './InvitationDialog';
import { PeopleImportExport } from './PeopleImportExport';
import { PeopleTable } from './PeopleTable';
import { PersonFormDialog } from './PersonFormDialog';

/** Everyone in the organisation, searched and filtered on the server, a keyset page at a time. */
export function PeoplePanel() {
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState('');
  const [status, setStatus] = useState<PersonStatus>('active');
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatePersonResponse | null>(null);
  const query = useDeferredValue(search.trim());
  const departments = useQuery(departmentQueries.list());
  const filters = {
    search: query || undefined,
    department: department ? Number(department) : undefined,
    status,
  };
  const people = useInfiniteQuery(peopleQueries.list(filters));
  const rows = people.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
          <FormField label="Search people" className="sm:col-span-2 lg:col-span-1">
            {(control) => (
              <input
                {...control}
                type="search"
                placeholder="Name, email, employee or badge number"
                value={search}
                maxLength={100}
                onChange={(e) => setSearch(e.target.value)}
                className={`mt-1 ${inputClasses}`}
              />
            )}
          </FormField>
          <FormField label="Department">
            {(control) => (
              <select
                {...control}
                value={department}
                onChange={(e) => setDepartment(e.target.value)}
                className={`mt-1 ${inputClasses}`}
              >
                <option value="">All departments</option>
                {departments.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Status">
            {(control) => (
              <select
                {...control}
                value={status}
                onChange={(e) => setStatus(e.target.value as PersonStatus)}
                className={`mt-1 ${inputClasses}`}
              >
                <option value="active">Active</option>
                <option value="disabled">Disabled</option>
                <option value="all">All</option>
              </select>
            )}
          </FormField>
          <Button onClick={() => setAdding(true)} className="sm:col-span-2 lg:col-span-1">
            Add Person
          </Button>
        </CardContent>
      </Card>
      <PeopleImportExport filters={filters} />

      <QueryState
        query={people}
        what="People are"
        loading="Loading people"
        keepDataOnError
        isEmpty={() => rows.length === 0}
        empty="No people found"
        emptyLook="box"
      >
        {() => (
          <>
            <div
              aria-busy={people.isPlaceholderData}
              className={people.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <PeopleTable rows={rows} />
            </div>
            {people.isFetchNextPageError ? (
              <Unavailable what="More people are" onRetry={() => void people.fetchNextPage()} />
            ) : people.hasNextPage ? (
              <div className="text-center">
                <Button
                  variant="secondary"
                  disabled={people.isFetchingNextPage}
                  aria-busy={people.isFetchingNextPage}
                  onClick={() => void people.fetchNextPage()}
                >
                  Load more
                </Button>
              </div>
            ) : (
              <p className="text-center text-sm text-slate-500">
                {rows.length === 1 ? '1 person' : `${rows.length} people`}, no more
              </p>
            )}
          </>
        )}
      </QueryState>
      {adding ? (
        <PersonFormDialog
          person={null}
          onClose={() => setAdding(false)}
          onCreated={(result) => {
            setAdding(false);
            setCreated(result);
          }}
        />
      ) : null}
      {created ? (
        <InvitationDialog
          invitation={created.invitation}
          name={`${created.person.first_name} ${created.person.last_name}`}
          reset={false}
          onClose={() => setCreated(null)}
        />
      ) : null}
    </div>
  );
}
