import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './QueryState';

const query = (data: string[] | undefined, isError = false) => ({ data, isError, refetch: vi.fn() });

function show(q: ReturnType<typeof query>, keepDataOnError = false) {
  return render(
    <QueryState
      query={q}
      what="Holidays"
      loading="Loading holidays"
      isEmpty={(list) => list.length === 0}
      empty="No public holidays declared."
      keepDataOnError={keepDataOnError}
    >
      {(list) => <p>{list.join(', ')}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows the spinner while the data comes', () => {
    show(query(undefined));
    expect(screen.getByRole('status').textContent).toBe('Loading holidays');
  });

  it('says unavailable with a Retry that asks again, never the data or the empty text', () => {
    const failed = query(['New Year'], true);
    show(failed);
    expect(screen.getByRole('alert').textContent).toContain('Holidays unavailable');
    expect(screen.queryByText('New Year')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the pages it has when asked to, for a list whose later page failed', () => {
    show(query(['New Year'], true), true);
    expect(screen.getByText('New Year')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty text, or the data', () => {
    const { rerender } = show(query([]));
    expect(screen.getByText('No public holidays declared.')).toBeTruthy();
    rerender(
      <QueryState query={query(['New Year', 'Easter'])} what="Holidays">
        {(list) => <p>{list.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('New Year, Easter')).toBeTruthy();
  });
});
