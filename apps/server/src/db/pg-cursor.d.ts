// pg-cursor ships no types; Kysely declares the constructor shape its dialect uses.
declare module 'pg-cursor' {
  const Cursor: import('kysely').PostgresCursorConstructor;
  export default Cursor;
}
