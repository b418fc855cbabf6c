import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The editors allowed to change the flows (EDITOR_TOKENS: `name:token` pairs, comma-separated). Only each token's
 * SHA-256 is kept in memory, never the token; a request's token is hashed and compared with every editor's hash in
 * constant time, so neither the comparison's time nor its early exit tells an attacker how close a guess was.
 */
export interface EditorTokens {
  /** The editor's name the `Authorization: Bearer <token>` header names, or null. */
  editorOf(authorization: string | undefined): string | null;
  /** How many editors may sign in (none: the editor API refuses everyone). */
  readonly count: number;
}

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const TOKEN = /^[\x21-\x7e]{6,256}$/;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * Reads EDITOR_TOKENS.
 *
 * @throws {Error} naming the variable and the pair at fault (by its name only: never a token).
 */
export function readEditorTokens(value: string | undefined): EditorTokens {
  const editors: Array<{ name: string; hash: Buffer }> = [];
  for (const pair of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const colon = pair.indexOf(':');
    const name = colon > 0 ? pair.slice(0, colon) : '';
    const token = colon > 0 ? pair.slice(colon + 1) : '';
    if (!NAME.test(name)) throw new Error(`invalid EDITOR_TOKENS: each entry is name:token, the name 1-64 letters, digits, ".", "_" or "-" (entry ${editors.length + 1})`);
    if (!TOKEN.test(token)) throw new Error(`invalid EDITOR_TOKENS: the token of "${name}" must be 6 to 256 printable characters without spaces or commas`);
    if (editors.some((e) => e.name === name)) throw new Error(`invalid EDITOR_TOKENS: "${name}" is named twice`);
    editors.push({ name, hash: hash(token) });
  }
  return {
    count: editors.length,
    editorOf(authorization) {
      const match = /^Bearer ([\x21-\x7e]{1,256})$/.exec(authorization ?? '');
      if (!match) return null;
      const presented = hash(match[1]!);
      let found: string | null = null;
      // Every hash is compared, whichever matches.
      for (const editor of editors) if (timingSafeEqual(presented, editor.hash) && found === null) found = editor.name;
      return found;
    },
  };
}

/** The answer to a call without an editor's token (the editor API's and the studio's): 401, saying what is needed. */
export function refuseWithoutEditor(reply: FastifyReply, tokens: EditorTokens): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="astrelle-editor"')
    .send({ error: 'Unauthorized', message: tokens.count === 0 ? 'no editor may sign in: the server has no EDITOR_TOKENS' : 'an editor token is needed: Authorization: Bearer <token> of EDITOR_TOKENS' });
}
