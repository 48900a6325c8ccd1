import type { BodyIn, EndpointDef, ParamsIn, QueryIn, ResponseOf } from '@atrium/contract';
// The endpoint module alone: the contract's schemas (and zod) load with the pages that use them,
// not with the shell.
import { fillPath, queryString } from '@atrium/contract/endpoint';
import { apiFetch, apiRequest } from './api';
import type { EndpointRef } from './shell-endpoints';

/**
 * One part of a call's input: absent (and refused) when the endpoint declares no schema for it,
 * optional when nothing in it is required, required otherwise.
 */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : object extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What a call of endpoint E takes: its params, query and body, typed from the contract. */
export type CallInput<E extends EndpointDef> = Slot<'params', ParamsIn<E>> &
  Slot<'query', QueryIn<E>> &
  Slot<'body', BodyIn<E>> & { signal?: AbortSignal };

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
/** The input argument may be left out when nothing in it is required. */
export type CallArgs<E extends EndpointDef> =
  RequiredKeys<CallInput<E>> extends never ? [input?: CallInput<E>] : [input: CallInput<E>];

export type { BodyIn, ParamsIn, QueryIn, ResponseOf };

type Target<E extends EndpointDef> = E | EndpointRef<E>;

/** The URL of an endpoint (below /api) with its path parameters and query filled in. */
export function endpointUrl<E extends EndpointDef>(endpoint: Target<E>, ...[input]: CallArgs<E>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  return `${fillPath(endpoint.path, params)}${queryString(query)}`;
}

/** Calls a JSON endpoint with the bearer token (one refresh on 401); resolves with its typed body. */
export function call<E extends EndpointDef>(
  endpoint: Target<E>,
  ...args: CallArgs<E>
): Promise<ResponseOf<E>> {
  const input = (args[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  return apiRequest<ResponseOf<E>>(endpointUrl(endpoint, ...args), {
    method: endpoint.method,
    body: input.body,
    signal: input.signal,
  });
}

/** Calls a file endpoint (CSV, PDF, xlsx): resolves with the raw Response to read as a blob. */
export function download<E extends EndpointDef>(
  endpoint: Target<E>,
  ...args: CallArgs<E>
): Promise<Response> {
  const input = (args[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  return apiFetch(endpointUrl(endpoint, ...args), {
    method: endpoint.method,
    body: input.body,
    signal: input.signal,
    headers: { Accept: '*/*' },
  });
}

/** The body as a blob, telling `onProgress` how many bytes have arrived as a large file streams in. */
async function readBody(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const type = response.headers.get('content-type') ?? '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * Hands a file answer to the browser as a download, named as the server's content-disposition
 * says (or `fallback`).
 */
export async function saveDownload(
  response: Response,
  fallback: string,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  const url = URL.createObjectURL(await readBody(response, onProgress));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it (a
  // large video clip may take a while).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
