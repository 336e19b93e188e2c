/**
 * Ids and signatures as the input domain covers them (issue 11): each a distinct string, some of them look-alikes
 * of others that differ only by case, whitespace or Unicode normalization. A runtime that folds case, trims or
 * normalizes the keys of its window, its stores or its ledger merges two of them, and is caught.
 */

/** The id a span drawn with `name` gets: `s<name>`, and for one name in eight `é<name>` (NFC), so NFD twins exist. */
export function spanIdOf(name: number): string {
  return name % 8 === 7 ? `\u00e9${name}` : `s${name}`;
}

/** Variants of `id` that differ from it only by case, whitespace or Unicode normalization; never `id` itself. */
export function lookalikeForms(id: string): string[] {
  const nfd = id.normalize('NFD');
  const forms = [flipCase(id), `${id} `, ` ${id}`, nfd === id ? id.normalize('NFC') : nfd, `${id}\t`];
  return [...new Set(forms)].filter((form) => form !== id);
}

/** An id that looks like `id` but is another string: by case, whitespace, Unicode normalization, or padding. */
export function lookalike(id: string, pick: number): string {
  const forms = [...lookalikeForms(id), id.replace(/(\d+)$/, '0$1'), `${id}_`].filter((form) => form !== id);
  return forms[pick % forms.length] as string;
}

function flipCase(text: string): string {
  const upper = text.toUpperCase();
  return upper === text ? text.toLowerCase() : upper;
}

/** The four signatures every pool starts with; contents mention their request ids (req-0 … req-3, and req-4 … req-6). */
const FIRST_SIGNATURES: readonly string[] = ['POST /orders {"sku":"A0"}', 'POST /payments {"amount":42}', 'POST /messages {"to":"ops"}', 'POST /migrations/m7/run'];

/** Templates for signatures beyond the first four; `#` is the signature's index. Some carry accented text. */
const MORE_SIGNATURES: readonly string[] = ['POST /orders {"sku":"A#"}', 'POST /payments {"amount":#}', 'POST /messages {"to":"José-#"}', 'PUT /users/# {"name":"Zoë"}', 'DELETE /sessions/#'];

/** How a call's signature is spelled: 0–8 as it is, then a look-alike by case, by whitespace, by normalization. */
export const SIGNATURE_FORMS = 12;

/**
 * The index a draw picks in a pool of `size` signatures: half the draws (even picks) call a request some content
 * mentions, when there is one in the pool (`mentioned`: its indices, chosen stably by `choose`), so "retried after
 * every mention was pruned" stays reachable in pools of hundreds; the rest range over the whole pool.
 */
export function signatureIndex(pick: number, size: number, mentioned: readonly number[], choose: (candidates: readonly number[], pick: number) => number | undefined): number {
  const candidates = mentioned.filter((i) => i < size);
  const chosen = pick % 2 === 0 && candidates.length > 0 ? choose(candidates, pick) : undefined;
  return chosen ?? (pick >> 1) % size;
}

/**
 * The `index`-th signature of the episode's pool in spelling `form`. Look-alike spellings are other signatures
 * (another request, another ledger record), with their own request id and idempotency key.
 */
export function signatureOf(index: number, form: number): { readonly signature: string; readonly requestId: string; readonly key: string } {
  // A pure function of its two numbers, asked at every call step: each spelling is made once (normalizing is not cheap).
  if (!Number.isInteger(index) || !Number.isInteger(form) || index < 0 || form < 0 || form >= SIGNATURE_FORMS) return spell(index, form);
  const at = index * SIGNATURE_FORMS + form;
  let spelled = SPELLED.get(at);
  if (spelled === undefined) {
    if (SPELLED.size >= SPELLED_MAX) SPELLED.clear();
    spelled = spell(index, form);
    SPELLED.set(at, spelled);
  }
  return spelled;
}

/** The spellings made lately, by `index * SIGNATURE_FORMS + form`; cleared when full. */
const SPELLED = new Map<number, { readonly signature: string; readonly requestId: string; readonly key: string }>();
const SPELLED_MAX = 4_096;

function spell(index: number, form: number): { readonly signature: string; readonly requestId: string; readonly key: string } {
  const base = index < FIRST_SIGNATURES.length ? (FIRST_SIGNATURES[index] as string) : (MORE_SIGNATURES[index % MORE_SIGNATURES.length] as string).replace('#', String(index));
  const variant = form - (SIGNATURE_FORMS - 3);
  if (variant < 0) return { signature: base, requestId: `req-${index}`, key: `key-${index}` };
  const spelled = variant === 0 ? base.toLowerCase() : variant === 1 ? `${base} ` : base.normalize('NFD') === base ? base.replace(' ', '  ') : base.normalize('NFD');
  return { signature: spelled, requestId: `req-${index}v${variant}`, key: `key-${index}v${variant}` };
}
