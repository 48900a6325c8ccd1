import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** What a person picker lists of someone: the directory's fields, and the employee number where known. */
export interface PickablePerson {
  id: number;
  first_name: string;
  last_name: string;
  department_name: string | null;
  employee_number?: string;
}

/** The active people matching a search, in name order, at most `shown` of them. */
export type PeopleQuery<P extends PickablePerson, K extends QueryKey> = (
  search: string,
) => UseQueryOptions<P[], Error, P[], K>;

export interface PersonPickerState<P extends PickablePerson> {
  search: string;
  setSearch: (search: string) => void;
  people: UseQueryResult<P[]>;
  /** The people offered: those found, less any the picker leaves out. */
  found: P[];
  /** The person chosen, while the list still offers them. */
  chosen: P | undefined;
  choose: (id: number | null) => void;
  /** How many people the query lists at most, so the picker can ask to narrow. */
  shown: number;
}

export const personName = (person: Pick<PickablePerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`;

/**
 * A person picker's state: what is typed, the people found for it and the one chosen. Typing
 * narrows the list; a choice the list no longer offers counts as none.
 */
export function usePersonPicker<P extends PickablePerson, K extends QueryKey>(
  query: PeopleQuery<P, K>,
  { shown, exclude }: { shown: number; exclude?: (person: P) => boolean },
): PersonPickerState<P> {
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const people = useQuery(query(search.trim()));
  const found = (people.data ?? []).filter((person) => !exclude?.(person));
  const chosen = found.find((person) => person.id === chosenId);
  return { search, setSearch, people, found, chosen, choose: setChosenId, shown };
}
