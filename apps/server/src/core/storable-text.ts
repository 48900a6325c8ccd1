import { CONTROL_CHARACTERS_MESSAGE } from '@atrium/contract';

/**
 * Text PostgreSQL cannot store, which JSON escapes ("\u0000", "\ud800") and XML character
 * references still carry: NUL (text and jsonb refuse it) and unpaired UTF-16 surrogates (UTF-8
 * cannot encode them: jsonb refuses the escape, and a text column would get U+FFFD in their
 * place). One rule for every input: such text is refused with a 400 naming where it was.
 */
export type UnstorableRule = 'control_characters' | 'unpaired_surrogates';

export const UNSTORABLE_MESSAGES: Record<UnstorableRule, string> = {
  // NUL is a control character: the same words the contract's free-text rule uses for the others.
  control_characters: CONTROL_CHARACTERS_MESSAGE,
  unpaired_surrogates: 'must not contain unpaired surrogate characters',
};

/** A quick look first: nearly all text has neither, and this costs a fraction of the exact test. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Which rule `value` breaks, if any; `nul: false` leaves NUL to a caller that removes it. */
export function unstorableRule(value: string, nul = true): UnstorableRule | undefined {
  if (!SUSPECT.test(value)) return undefined;
  if (nul && value.includes('\u0000')) return 'control_characters';
  return UNPAIRED_SURROGATE.test(value) ? 'unpaired_surrogates' : undefined;
}

export interface UnstorableText {
  /** Where the bad text is: the keys down to the string, or to the object whose key it is. */
  path: string[];
  rule: UnstorableRule;
}

interface Frame {
  value: unknown;
  key: string | number | undefined;
  parent: Frame | undefined;
}

function pathOf(frame: Frame | undefined): string[] {
  const path: string[] = [];
  for (let f = frame; f?.key !== undefined; f = f.parent) path.push(String(f.key));
  return path.reverse();
}

/**
 * The first unstorable string in a parsed JSON value: an object's keys before what it holds,
 * values in document order. Walks with a stack of its own, as a body may be nested thousands of
 * levels deep. Buffers are bytes, not text, and are skipped.
 */
export function findUnstorableText(
  root: unknown,
  options: { nul?: boolean } = {},
): UnstorableText | undefined {
  const stack: Frame[] = [{ value: root, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      const rule = unstorableRule(value, options.nul);
      if (rule) return { path: pathOf(frame), rule };
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: i, parent: frame });
      continue;
    }
    const keys = Object.keys(value);
    for (const key of keys) {
      const rule = unstorableRule(key, options.nul);
      if (rule) return { path: pathOf(frame), rule };
    }
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: frame });
    }
  }
  return undefined;
}
