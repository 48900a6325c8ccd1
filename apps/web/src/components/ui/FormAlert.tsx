import type { ReactNode } from 'react';

/** Why a form or dialog could not do what it was asked, read out when it appears; nothing otherwise. */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
