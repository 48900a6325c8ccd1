import { fontFile, scriptRuns, type TextRun, type Weight } from './pdf-fonts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export interface BoxStyle extends TextStyle {
  width: number;
  align?: 'left' | 'right';
}

/** Noto Sans's ascender and line height (hhea: 1069 and 1069 + 293 + 0 per 1000). */
const ASCENT = 1.069;
const LINE = 1.362;

/** Hyphens and spaces end a piece of a line; so does every Han, kana or Hangul character. */
const BREAK_AFTER = /[\s\-‐–—/]$/u;
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const STRONG_LTR = /[\p{L}\p{N}]/u;

/**
 * Text for a pdfkit document in every alphabet: each string is split into runs by the font slice
 * that has its glyphs (pdf-fonts.ts), and lines are broken and laid out here, because pdfkit
 * wraps and measures a string in one font only. Every run of a line shares one baseline (the
 * alphabetic one: the CJK and Arabic fonts have taller ascenders than Noto Sans, and pdfkit's
 * default top alignment would set them lower).
 *
 * Right-to-left: fontkit shapes Arabic (joined forms) and lays a run of Arabic or Hebrew out right
 * to left; here a line also reverses the order of its right-to-left words (with the spaces between
 * them), so a two-word Arabic name reads in order. That is not the full Unicode bidirectional
 * algorithm: digits inside right-to-left text and paragraph direction are left as they are.
 */
export class PdfText {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Selects the run's font (registered with the document on first use) at `size`. */
  private use(run: TextRun, style: TextStyle): PDFKit.PDFDocument {
    const weight: Weight = style.bold ? 700 : 400;
    const name = `${run.slice.id}-${weight}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontFile(run.slice, weight));
      this.registered.add(name);
    }
    return this.doc.font(name).fontSize(style.size);
  }

  /** How wide `text` is on one line. */
  width(text: string, style: TextStyle): number {
    let width = 0;
    for (const run of scriptRuns(text)) width += this.use(run, style).widthOfString(run.text);
    return width;
  }

  /** The distance from one line's top to the next's. */
  lineHeight(style: TextStyle): number {
    return style.size * LINE;
  }

  /** `text` broken into lines no wider than `width`: at spaces, after hyphens, between ideographs. */
  lines(text: string, style: TextStyle & { width: number }): string[] {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      // Most cells fit on one line: measured once, not piece by piece.
      if (this.width(paragraph, style) <= style.width) {
        out.push(paragraph);
        continue;
      }
      let line = '';
      for (const piece of pieces(paragraph)) {
        const next = line + piece;
        if (line && this.width(next.trimEnd(), style) > style.width) {
          out.push(line.trimEnd());
          line = piece.trimStart();
        } else line = next;
        // A piece wider than the whole line (a long word, an address) is cut where it must be.
        while (line.length > 1 && this.width(line.trimEnd(), style) > style.width) {
          const cut = this.fitting(line, style);
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      out.push(line.trimEnd());
    }
    return out;
  }

  /** How many UTF-16 units of `line` fit in the width (whole code points, at least one). */
  private fitting(line: string, style: TextStyle & { width: number }): number {
    let cut = 0;
    for (const ch of line) {
      if (cut > 0 && this.width(line.slice(0, cut + ch.length), style) > style.width) break;
      cut += ch.length;
    }
    return cut;
  }

  /** How tall `text` is when drawn in a box of `style.width`. */
  heightOf(text: string, style: BoxStyle): number {
    return this.lines(text, style).length * this.lineHeight(style);
  }

  /**
   * Draws `text` in a box whose top left is (x, y), wrapping to its width; returns the height
   * used and leaves the document's cursor below it, as pdfkit's own text() does.
   */
  draw(text: string, x: number, y: number, style: BoxStyle): number {
    const doc = this.doc;
    if (style.color) doc.fillColor(style.color);
    const lines = this.lines(text, style);
    const pitch = this.lineHeight(style);
    lines.forEach((line, i) => {
      const runs = visualOrder(scriptRuns(line));
      let left = x;
      if (style.align === 'right') left += style.width - this.width(line, style);
      const baseline = y + i * pitch + style.size * ASCENT;
      for (const run of runs) {
        this.use(run, style).text(run.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
        left += doc.widthOfString(run.text);
      }
    });
    const height = lines.length * pitch;
    doc.x = x;
    doc.y = y + height;
    return height;
  }
}

/** A paragraph split after each space, hyphen or ideograph: where a line may break. */
function pieces(paragraph: string): string[] {
  const out: string[] = [];
  let piece = '';
  let afterIdeograph = false;
  for (const ch of paragraph) {
    // A space after an ideograph joins it: a line never starts with the space.
    if (piece && afterIdeograph && !/\s/.test(ch)) {
      out.push(piece);
      piece = '';
    }
    afterIdeograph = IDEOGRAPHIC.test(ch);
    piece += ch;
    if (BREAK_AFTER.test(ch)) {
      out.push(piece);
      piece = '';
    }
  }
  if (piece) out.push(piece);
  return out;
}

/**
 * Runs in the order they are drawn, left to right: each stretch of right-to-left runs (and the
 * spaces or punctuation between them, but not at its ends) is reversed.
 */
export function visualOrder(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let i = 0;
  while (i < runs.length) {
    const run = runs[i] as TextRun;
    if (!run.slice.rtl) {
      out.push(run);
      i += 1;
      continue;
    }
    // The stretch goes on through neutral runs as long as another right-to-left run follows.
    let end = i + 1;
    let last = i;
    while (end < runs.length) {
      const next = runs[end] as TextRun;
      if (next.slice.rtl) last = end;
      else if (STRONG_LTR.test(next.text)) break;
      end += 1;
    }
    out.push(...runs.slice(i, last + 1).reverse());
    i = last + 1;
  }
  return out;
}
