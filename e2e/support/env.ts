export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Relative to the repository root, where the server runs. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;
