/** A `%text%` pattern for ILIKE that matches `text` literally (its own %, _ and \ escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
