import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableRule } from './storable-text';

describe('unstorableRule', () => {
  it.each([
    ['a high surrogate alone', 'a\uD800b', 'unpaired_surrogates'],
    ['a low surrogate alone', 'a\uDC00b', 'unpaired_surrogates'],
    ['a pair reversed', '\uDC00\uD800', 'unpaired_surrogates'],
    ['a high surrogate at the end', 'ab\uDBFF', 'unpaired_surrogates'],
    ['NUL', 'a\u0000b', 'control_characters'],
    ['a pair (an emoji)', 'ok \u{1F600}', undefined],
    ['U+FFFD and U+FFFF', '\uFFFD\uFFFF', undefined],
    ['other control characters (the contract refuses those)', 'a\u0007\tb', undefined],
  ])('%s', (_label, value, rule) => {
    expect(unstorableRule(value)).toBe(rule);
  });

  it('leaves NUL alone when asked to', () => {
    expect(unstorableRule('a\u0000b', false)).toBeUndefined();
    expect(unstorableRule('a\u0000\uD800', false)).toBe('unpaired_surrogates');
  });
});

describe('findUnstorableText', () => {
  it('names the path of the first bad string, keys before what they hold', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: '\uD800' }], d: '\u0000' })).toEqual({
      path: ['b', '2', 'c'],
      rule: 'unpaired_surrogates',
    });
    expect(findUnstorableText({ a: { ok: 1, 'b\uDC00': 2 } })).toEqual({
      path: ['a'],
      rule: 'unpaired_surrogates',
    });
    expect(findUnstorableText({ 'a\u0000': 1 })).toEqual({ path: [], rule: 'control_characters' });
  });

  it('finds nothing in clean values, and skips what is not JSON', () => {
    expect(findUnstorableText({ a: ['x', 1, null, true, { b: '\u{1F600}' }] })).toBeUndefined();
    expect(findUnstorableText(Buffer.from('\u0000'))).toBeUndefined();
    expect(findUnstorableText(undefined)).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack would allow', () => {
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 100_000; i += 1) {
      const next: unknown[] = [];
      inner.push(next);
      inner = next;
    }
    inner.push('\uD800');
    expect(findUnstorableText(deep)?.path).toHaveLength(100_001);
  });
});
