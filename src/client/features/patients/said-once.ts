/** A translation function as i18next's `t` and the form engine's words are called: a key and its options. */
export type Say = (key: string, options?: Record<string, unknown>) => string;

/**
 * `say` with each key and options looked up once: an i18next lookup costs about 0.3 ms on a slow phone, and a long
 * history's tables ask for the same few words hundreds of times (ADR 137). Made afresh on each render, so a new
 * language or newly loaded words are never missed.
 */
export function saidOnce<S extends Say>(say: S): Say {
  const said = new Map<string, string>();
  return (key, options) => {
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    let text = said.get(id);
    if (text === undefined) {
      text = say(key, options);
      said.set(id, text);
    }
    return text;
  };
}
