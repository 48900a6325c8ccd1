import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts a report PDF writes names in: Noto Sans from the @fontsource packages, which ship each
 * family cut into slices by Unicode range (Latin, Latin Extended, Greek, ..., and about a hundred
 * slices of Chinese). Helvetica with WinAnsi printed "Ñúñez-Łódź 李" as "Ñúñez-6Az gN"; here every
 * character is written in the slice that has its glyph, and pdfkit embeds only the glyphs used
 * (a subset per document), so a Latin-only report stays small.
 *
 * The WOFF (1) files are used, not WOFF2: fontkit 2.0 copies composite glyphs from the raw glyf
 * table when subsetting, which WOFF2 stores transformed ("Offset is outside the bounds of the
 * DataView" on the first accented letter).
 */

const require = createRequire(import.meta.url);

export type Weight = 400 | 700;

export interface FontSlice {
  /** Unique across families, e.g. "noto-sans-latin-ext" or "noto-sans-sc-115". */
  readonly id: string;
  /** Right-to-left script (Arabic, Hebrew): a line reverses the order of such runs. */
  readonly rtl: boolean;
  /** Sorted, inclusive code point ranges. */
  readonly ranges: ReadonlyArray<readonly [number, number]>;
  file(weight: Weight): string;
}

/**
 * Families in the order a character looks for its glyph: the Latin, Greek and Cyrillic of Noto
 * Sans first, so digits, spaces and punctuation come from one font whatever script surrounds them.
 * Only each family's own script slices are listed: the Hebrew and Arabic packages repeat Latin.
 * Chinese (Simplified) also covers kana and most Hangul; the JP and KR packages would draw those
 * in their local forms at another 150 MB of node_modules, which no customer has asked for yet.
 */
const FAMILIES: ReadonlyArray<{ pkg: string; slices?: readonly string[]; rtl?: boolean }> = [
  {
    pkg: 'noto-sans',
    slices: [
      'latin',
      'latin-ext',
      'greek',
      'greek-ext',
      'cyrillic',
      'cyrillic-ext',
      'vietnamese',
      'devanagari',
    ],
  },
  { pkg: 'noto-sans-hebrew', slices: ['hebrew'], rtl: true },
  { pkg: 'noto-sans-arabic', slices: ['arabic'], rtl: true },
  { pkg: 'noto-sans-sc' },
];

function parseRanges(css: string): Array<[number, number]> {
  return css
    .split(',')
    .map((part) => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const lo = Number.parseInt(from ?? '', 16);
      return [lo, to === undefined ? lo : Number.parseInt(to, 16)] as [number, number];
    })
    .filter(([lo, hi]) => Number.isFinite(lo) && Number.isFinite(hi))
    .sort((a, b) => a[0] - b[0]);
}

let slices: FontSlice[] | undefined;

/** Every slice, in lookup order, read from the packages' unicode.json on first use. */
export function fontSlices(): FontSlice[] {
  if (slices) return slices;
  slices = FAMILIES.flatMap(({ pkg, slices: names, rtl = false }) => {
    const unicode = require(`@fontsource/${pkg}/unicode.json`) as Record<string, string>;
    const dir = require.resolve(`@fontsource/${pkg}/package.json`).replace(/package\.json$/, 'files/');
    const keys = names ?? Object.keys(unicode).filter((k) => /^\[\d+\]$/.test(k));
    return keys.map((key): FontSlice => {
      const ranges = unicode[key];
      if (!ranges) throw new Error(`@fontsource/${pkg} has no slice ${key}`);
      // "[115]" names the file noto-sans-sc-115-400-normal.woff; "latin" noto-sans-latin-400-normal.woff.
      const name = `${pkg}-${key.replace(/[[\]]/g, '')}`;
      return {
        id: name,
        rtl,
        ranges: parseRanges(ranges),
        file: (weight) => `${dir}${name}-${weight}-normal.woff`,
      };
    });
  });
  return slices;
}

const covers = (slice: FontSlice, cp: number): boolean => {
  let lo = 0;
  let hi = slice.ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = slice.ranges[mid] ?? [0, -1];
    if (cp < from) hi = mid - 1;
    else if (cp > to) lo = mid + 1;
    else return true;
  }
  return false;
};

const firstCovering = new Map<number, FontSlice | null>();

/** The first slice in lookup order with a glyph for `cp`; null when no family has one. */
export function sliceFor(cp: number): FontSlice | null {
  let found = firstCovering.get(cp);
  if (found === undefined) {
    found = fontSlices().find((s) => covers(s, cp)) ?? null;
    firstCovering.set(cp, found);
  }
  return found;
}

export interface TextRun {
  readonly text: string;
  readonly slice: FontSlice;
}

/** Marks that belong to the letter before them (accents, Arabic vowel signs, joiners). */
const CLINGS = /^[\p{M}\u200c\u200d]$/u;
/** Every slice has these glyphs, though its unicode-range does not list them. */
const SPACES = /^[ \u00a0]$/;

/**
 * `text` split into runs each drawn with one slice: a run goes on while its slice has the next
 * character's glyph, marks stay with their letter, and spaces stay with a left-to-right run that
 * goes on after them ("Σοφία Παπαδοπούλου" is one run, in the Greek slice). A
 * character no family has goes with the run it is in (it prints as the font's empty box, as it
 * would anywhere).
 */
export function scriptRuns(text: string): TextRun[] {
  const chars = Array.from(text);
  const runs: TextRun[] = [];
  let current: FontSlice | null = null;
  let held = '';
  const keeps = (slice: FontSlice, at: number): boolean => {
    const ch = chars[at] ?? '';
    if (covers(slice, ch.codePointAt(0) ?? 0) || CLINGS.test(ch)) return true;
    // pdfkit lays a string out a word at a time (its cache), so fontkit would put the words of a
    // right-to-left run in the wrong order: there the spaces start a run of their own, and
    // PdfText orders the words.
    if (!SPACES.test(ch) || slice.rtl) return false;
    let next = at + 1;
    while (SPACES.test(chars[next] ?? '')) next += 1;
    return next < chars.length && keeps(slice, next);
  };
  chars.forEach((ch, at) => {
    let slice = current && keeps(current, at) ? current : (sliceFor(ch.codePointAt(0) ?? 0) ?? current);
    slice ??= fontSlices()[0] ?? null;
    if (!slice) throw new Error('no fonts for PDFs: @fontsource/noto-sans is missing');
    if (current && slice !== current) {
      runs.push({ text: held, slice: current });
      held = '';
    }
    current = slice;
    held += ch;
  });
  if (current && held) runs.push({ text: held, slice: current });
  return runs;
}

const bytes = new Map<string, Buffer>();

/**
 * A slice's font file, read once per process: reports run one after another on the worker, and
 * each document otherwise reads and holds its own copy.
 */
export function fontFile(slice: FontSlice, weight: Weight): Buffer {
  const path = slice.file(weight);
  let data = bytes.get(path);
  if (!data) {
    data = readFileSync(path);
    bytes.set(path, data);
  }
  return data;
}
