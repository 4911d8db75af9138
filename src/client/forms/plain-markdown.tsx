/**
 * Stands in for `markdown-to-jsx` (aliased in vite.config.ts, ADR 008). No schema enables Markdown (check:forms
 * refuses `enableMarkdownInDescription`/`enableMarkdownInHelp`), so RJSF only hands it its own messages,
 * whose only mark-up is `**bold**`, `_emphasis_` and `` `code` ``: this draws those and leaves the rest as plain text.
 */
import { createElement, Fragment, type ReactNode } from 'react';

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|(?<!\w)_([^_]+)_(?!\w)/g;

/** RJSF's inline marks as elements; every other character as text (never parsed as HTML). */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(
      match[1] !== undefined
        ? createElement('strong', { key: match.index }, match[1])
        : match[2] !== undefined
          ? createElement('code', { key: match.index }, match[2])
          : createElement('em', { key: match.index }, match[3]),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

interface MarkdownProps {
  children?: ReactNode;
  options?: unknown;
  [attribute: string]: unknown;
}

/** `<Markdown>` as RJSF uses it: a string child drawn with its inline marks, anything else as given. */
export function Markdown({ children }: MarkdownProps) {
  return createElement(
    Fragment,
    null,
    ...(typeof children === 'string' ? renderInline(children) : [children]),
  );
}

export default Markdown;
