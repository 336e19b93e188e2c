/**
 * A small strict XML 1.0 well-formedness checker and parser for the subset prunecheck writes (declaration,
 * elements, double- or single-quoted attributes, text, character and the five predefined entity references).
 * Throws on anything malformed; answers the tree with references decoded, so tests can compare round trips.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly (XmlElement | string)[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const VALID_CHAR = /^(?:[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`raw '<' in ${where}`);
  return raw.replace(/&([^;]*);|&/g, (match, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`bare '&' in ${where}`);
    if (ref in ENTITIES) return ENTITIES[ref] as string;
    const num = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
    if (num === null) throw new Error(`unknown reference ${match} in ${where}`);
    const code = num[1] !== undefined ? parseInt(num[1], 16) : parseInt(num[2] as string, 10);
    const char = String.fromCodePoint(code);
    if (!VALID_CHAR.test(char)) throw new Error(`reference to an invalid character ${match} in ${where}`);
    return char;
  });
}

export function parseXml(text: string): XmlElement {
  if (!VALID_CHAR.test(text)) throw new Error('document contains characters XML 1.0 does not allow');
  let pos = 0;
  const rest = (): string => text.slice(pos);
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
  };
  if (rest().startsWith('<?xml')) {
    const end = text.indexOf('?>', pos);
    if (end < 0) throw new Error('unterminated XML declaration');
    pos = end + 2;
  }
  skipSpace();

  function element(): XmlElement {
    if (text[pos] !== '<') throw new Error(`expected '<' at ${pos}`);
    pos++;
    const name = NAME.exec(rest())?.[0];
    if (name === undefined) throw new Error(`bad element name at ${pos}`);
    pos += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = pos;
      skipSpace();
      if (rest().startsWith('/>')) {
        pos += 2;
        return { name, attributes, children: [] };
      }
      if (text[pos] === '>') {
        pos++;
        break;
      }
      if (pos === before) throw new Error(`expected whitespace before attribute at ${pos}`);
      const attr = NAME.exec(rest())?.[0];
      if (attr === undefined) throw new Error(`bad attribute name at ${pos} in <${name}>`);
      if (attr in attributes) throw new Error(`duplicate attribute ${attr} in <${name}>`);
      pos += attr.length;
      if (text[pos] !== '=') throw new Error(`expected '=' after ${attr}`);
      pos++;
      const quote = text[pos];
      if (quote !== '"' && quote !== "'") throw new Error(`unquoted attribute ${attr}`);
      const end = text.indexOf(quote, pos + 1);
      if (end < 0) throw new Error(`unterminated attribute ${attr}`);
      attributes[attr] = decode(text.slice(pos + 1, end), `attribute ${attr}`);
      pos = end + 1;
    }
    const children: (XmlElement | string)[] = [];
    for (;;) {
      if (pos >= text.length) throw new Error(`unclosed <${name}>`);
      if (rest().startsWith('</')) {
        pos += 2;
        if (!rest().startsWith(name)) throw new Error(`mismatched end tag at ${pos}, expected </${name}>`);
        pos += name.length;
        skipSpace();
        if (text[pos] !== '>') throw new Error(`bad end tag </${name}`);
        pos++;
        return { name, attributes, children };
      }
      if (text[pos] === '<') {
        children.push(element());
        continue;
      }
      const next = text.indexOf('<', pos);
      const end = next < 0 ? text.length : next;
      const raw = text.slice(pos, end);
      if (raw.includes(']]>')) throw new Error("']]>' in text");
      children.push(decode(raw, `text of <${name}>`));
      pos = end;
    }
  }

  const root = element();
  skipSpace();
  if (pos !== text.length) throw new Error(`content after the root element at ${pos}`);
  return root;
}

/** The concatenated text of an element (children text only, not descendants). */
export function textOf(element: XmlElement): string {
  return element.children.filter((c): c is string => typeof c === 'string').join('');
}

/** All descendants named `name`, depth first. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === name) found.push(child);
    found.push(...findAll(child, name));
  }
  return found;
}
