import { type EndpointDef, ErrorBody, type ErrorCode, FieldIssue } from '@atrium/contract';
import { z } from 'zod';

/** Marks an answer that is not a fixture, so no fixture can be mistaken for one. */
export const answerKind = Symbol('fake answer');

/** A 4xx or 5xx answer whose body is the contract's `{ error: { code, message, details } }`. */
export interface Failure {
  readonly [answerKind]: 'failure';
  readonly status: number;
  readonly body: ErrorBody;
}

/** No answer at all: the connection fails and fetch rejects, as when the server is down. */
export interface Unreachable {
  readonly [answerKind]: 'unreachable';
}

/**
 * An answer from something between the client and the server (a proxy's HTML 502 page): no
 * contract describes it, so only the transport tests of the fetch client need it.
 */
export interface ProxyPage {
  readonly [answerKind]: 'proxy';
  readonly status: number;
  readonly text: string;
}

export type SpecialAnswer = Failure | Unreachable | ProxyPage;

/** A 2xx body for endpoint E as a test writes it: what the endpoint's response schema accepts. */
export type Fixture<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : never;

export type Answer<E extends EndpointDef> = Fixture<E> | SpecialAnswer;

export const isSpecialAnswer = (answer: unknown): answer is SpecialAnswer =>
  typeof answer === 'object' && answer !== null && answerKind in answer;

// The server sends FieldIssue entries with every validation_failed, and the forms read them.
const ValidationDetails = z.array(FieldIssue);

/** An error answer, checked against the contract's error body before any test can serve it. */
export function failure(status: number, code: ErrorCode, message: string, details?: unknown): Failure {
  if (status < 400 || status > 599)
    throw new Error(`An error answer needs a 4xx or 5xx status, not ${status}`);
  const body = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  const checked = ErrorBody.safeParse(body);
  if (!checked.success)
    throw new Error(
      `The error answer does not fit the contract's ErrorBody:\n${z.prettifyError(checked.error)}`,
    );
  if (code === 'validation_failed') {
    const issues = ValidationDetails.safeParse(details);
    if (!issues.success)
      throw new Error(
        `A validation_failed answer carries FieldIssue details:\n${z.prettifyError(issues.error)}`,
      );
  }
  return { [answerKind]: 'failure', status, body: checked.data };
}

export const unreachable: Unreachable = { [answerKind]: 'unreachable' };

export const proxyPage = (status: number, text: string): ProxyPage => ({
  [answerKind]: 'proxy',
  status,
  text,
});
