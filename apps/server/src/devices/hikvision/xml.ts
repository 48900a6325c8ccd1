/**
 * A small strict reader for the XML devices push (EventNotificationAlert documents): elements
 * and their text, comments, CDATA and the XML declaration. Attributes and namespace prefixes are
 * dropped; an element holding only text becomes its trimmed text ('' when empty), one with child
 * elements an object, and repeated children an array, in document order. A malformed document
 * (unclosed or crossed tags, two roots, text outside the root) throws; a DOCTYPE is refused, so
 * no entity can be declared and expanded. A general-purpose parser took 70 us for a 1 KB event,
 * a third of the CPU a push costs; this takes a few.
 */

export class XmlFormatError extends Error {}

interface Frame {
  /** As written, prefix included: the closing tag must match it. */
  name: string;
  /** Without its namespace prefix: the key in the parent. */
  key: string;
  children: Record<string, unknown> | undefined;
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
/** Attributes as `name="value"` or `name='value'`, whitespace before each. */
const ATTRIBUTES = /^(?:\s+[^\s=/>"']+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*$/;
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|apos|quot);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref]!;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Sets a key on a plain object; `__proto__` becomes an own key, never the prototype. */
function add(target: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(target, key)) {
    const previous = target[key];
    // Element values are strings or objects, never arrays, so an array means "repeated already".
    if (Array.isArray(previous)) previous.push(value);
    else Object.defineProperty(target, key, { value: [previous, value], enumerable: true, writable: true });
  } else if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}

/** Where the tag opened at `lt` ends (its `>`), skipping `>` inside quoted attribute values. */
function tagEnd(text: string, lt: number): number {
  const gt = text.indexOf('>', lt);
  if (gt < 0) return -1;
  const inner = text.slice(lt, gt);
  if (!inner.includes('"') && !inner.includes("'")) return gt;
  let quote = '';
  for (let i = lt + 1; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** The document as `{ rootName: value }`. */
export function readXml(source: string): Record<string, unknown> {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const stack: Frame[] = [];
  let root: Record<string, unknown> | undefined;

  const close = (frame: Frame) => {
    const own = frame.text.trim();
    let value: unknown = own;
    if (frame.children) {
      if (own) add(frame.children, '#text', own);
      value = frame.children;
    }
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.children ??= {};
      add(parent.children, frame.key, value);
    } else {
      root = {};
      add(root, frame.key, value);
    }
  };

  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt < 0 ? text.length : lt;
    if (end > at) {
      const chunk = text.slice(at, end);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(chunk);
      else if (chunk.trim()) throw new XmlFormatError('text outside the root element');
    }
    if (lt < 0) break;

    if (text.startsWith('<!--', lt)) {
      const stop = text.indexOf('-->', lt + 4);
      if (stop < 0) throw new XmlFormatError('a comment is not closed');
      at = stop + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const stop = text.indexOf(']]>', lt + 9);
      if (stop < 0) throw new XmlFormatError('a CDATA section is not closed');
      const top = stack[stack.length - 1];
      if (!top) throw new XmlFormatError('CDATA outside the root element');
      top.text += text.slice(lt + 9, stop);
      at = stop + 3;
      continue;
    }
    if (text.startsWith('<?', lt)) {
      const stop = text.indexOf('?>', lt + 2);
      if (stop < 0) throw new XmlFormatError('a processing instruction is not closed');
      at = stop + 2;
      continue;
    }
    if (text.startsWith('<!', lt))
      throw new XmlFormatError('DOCTYPE and other declarations are not accepted');

    const gt = tagEnd(text, lt);
    if (gt < 0) throw new XmlFormatError('a tag is not closed');
    if (text[lt + 1] === '/') {
      const name = text.slice(lt + 2, gt).trimEnd();
      const frame = stack.pop();
      if (!frame) throw new XmlFormatError(`</${name}> closes nothing`);
      if (frame.name !== name) throw new XmlFormatError(`<${frame.name}> is closed by </${name}>`);
      close(frame);
    } else {
      const selfClosing = text[gt - 1] === '/';
      const inner = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
      const space = inner.search(/\s/);
      const name = space < 0 ? inner : inner.slice(0, space);
      if (!NAME.test(name)) throw new XmlFormatError(`"<${name.slice(0, 40)}" is not an element name`);
      if (space >= 0 && !ATTRIBUTES.test(inner.slice(space)))
        throw new XmlFormatError(`the attributes of <${name}> are malformed`);
      if (stack.length === 0 && root) throw new XmlFormatError('there is more than one root element');
      const colon = name.indexOf(':');
      const frame: Frame = {
        name,
        key: colon < 0 ? name : name.slice(colon + 1),
        children: undefined,
        text: '',
      };
      if (selfClosing) close(frame);
      else stack.push(frame);
    }
    at = gt + 1;
  }
  const open = stack[stack.length - 1];
  if (open) throw new XmlFormatError(`<${open.name}> is not closed`);
  if (!root) throw new XmlFormatError('there is no element');
  return root;
}

const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text as XML character data or an attribute value. */
export const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => XML_ESCAPES[c]!);
