import { AppError } from './errors';

/**
 * How deeply a JSON body may nest. No form of the app nests more than a handful of levels; a body
 * nested thousands deep is only ever an attack on code that walks it by recursion (the NUL guard,
 * validators, loggers), which would overflow the stack and answer 500. The raw text is scanned
 * once, in a loop, before anything parses or walks it, and a body nested deeper is a 400.
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_DEPTH_MESSAGE = `This request's JSON is nested more than ${MAX_JSON_DEPTH} levels deep, which is not accepted.`;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted up to `stopAbove` + 1 (the
 * scan stops there). Brackets inside strings do not count; the text need not be valid JSON (the
 * parser judges that afterwards).
 */
export function jsonDepth(text: string, stopAbove = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** Throws a 400 `validation` error when the JSON text nests deeper than MAX_JSON_DEPTH. */
export function refuseDeepJson(text: string): void {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new AppError(400, 'validation', JSON_DEPTH_MESSAGE, { body: JSON_DEPTH_MESSAGE });
}
