import { allEndpoints, type EndpointDef } from '@atrium/contract';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith(':');

/** The `:name` values of `path` (below /api) when it fits the endpoint's path, else undefined. */
export function paramsOf(endpoint: EndpointDef, path: string): Record<string, string> | undefined {
  const pattern = segmentsOf(endpoint.path);
  const actual = segmentsOf(path);
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of pattern.entries()) {
    const value = actual[i]!;
    if (isParam(segment)) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return undefined;
  }
  return params;
}

/** Whether `a` wins over `b` for a path both fit: the first segment where they differ is static in `a`. */
function moreStatic(a: EndpointDef, b: EndpointDef): boolean {
  const [as, bs] = [segmentsOf(a.path), segmentsOf(b.path)];
  for (const [i, segment] of as.entries()) {
    if (isParam(segment) !== isParam(bs[i] ?? '')) return !isParam(segment);
  }
  return false;
}

/**
 * The contract endpoint the server routes a request to. Like the server's router, a static segment
 * beats a parameter, so GET /users/departments is `people.departments`, not `people.person`.
 */
export function routeOf(method: string, path: string): EndpointDef | undefined {
  let best: EndpointDef | undefined;
  for (const endpoint of allEndpoints) {
    if (endpoint.method !== method || !paramsOf(endpoint, path)) continue;
    if (!best || moreStatic(endpoint, best)) best = endpoint;
  }
  return best;
}
