import { type ErrorBody, type PeopleImportResponse, peopleImportApi } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, refreshAccessToken } from '@/lib/api';
import { download, endpointUrl, type QueryIn, saveDownload } from '@/lib/api-client';
import { getToken } from '@/lib/token';

/** The list filters an export takes (the names GET /api/users uses). */
export type PeopleExportFilters = QueryIn<typeof peopleImportApi.exportPeople>;

/** Where an upload stands: the share of the file sent (0..1), then the server at work. */
export type UploadProgress = { phase: 'uploading'; sent: number } | { phase: 'processing' };

/**
 * POSTs the CSV through XMLHttpRequest, the one browser API that reports upload progress (fetch
 * does not): a 10,000-person file is about a megabyte. Resolves with the server's answer, or
 * throws ApiError as `call` does; a 400 of a real import carries the file's errors in `details`.
 */
function sendCsv(
  file: Blob,
  dryRun: boolean,
  token: string | null,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; body: unknown }> {
  const url = `${API_BASE}${endpointUrl(peopleImportApi.importPeople, { query: dryRun ? { dryRun: '1' } : {} })}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', sent: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The server could not be reached', undefined, false));
    xhr.send(file);
  });
}

export async function uploadPeopleCsv(
  file: Blob,
  options: { dryRun: boolean; onProgress?: (progress: UploadProgress) => void },
): Promise<PeopleImportResponse> {
  const onProgress = options.onProgress ?? (() => {});
  const token = getToken();
  let answer = await sendCsv(file, options.dryRun, token, onProgress);
  if (answer.status === 401) {
    // The access token ran out while the admin read the preview: renew once, as `call` does.
    answer = await sendCsv(file, options.dryRun, await refreshAccessToken(token), onProgress);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as PeopleImportResponse;
  const error = (answer.body as Partial<ErrorBody> | undefined)?.error;
  throw new ApiError(
    answer.status,
    error?.code ?? `http_${answer.status}`,
    error?.message ?? `Request failed with status ${answer.status}`,
    error?.details,
    Boolean(error?.message),
  );
}

export async function downloadPeopleTemplate(): Promise<void> {
  await saveDownload(await download(peopleImportApi.importTemplate), 'people-template.csv');
}

/** Streams the CSV in; `onProgress` hears the bytes received so far. */
export async function downloadPeopleCsv(
  filters: PeopleExportFilters,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  await saveDownload(
    await download(peopleImportApi.exportPeople, { query: filters }),
    'people.csv',
    onProgress,
  );
}

/**
 * After an import every list of people is stale: the People list, pickers, reports. Their keys
 * belong to several features, so the whole cache is marked stale and the screens showing now
 * refetch (the others on their next visit).
 */
export function useRefreshAfterImport(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}
