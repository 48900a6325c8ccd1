/** A field's validation message, linked to its control through aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The attributes that mark a control invalid and point it at its message (or else its hint). */
export function invalidProps(errorId: string, message?: string, hintId?: string) {
  return {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : hintId,
  } as const;
}
