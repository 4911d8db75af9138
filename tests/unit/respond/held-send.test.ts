import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { goLive } from '../../../src/client/respond/hydration-edits';

const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(readFileSync('respond.html', 'utf8'))?.[1] ?? '';

type PageWindow = Window & { respondLive?: boolean; heldSubmit?: unknown };
const page = window as PageWindow;

/** A drawn page: the form in the root, and the app's own submit handler where React listens (the root). */
function drawnPage() {
  document.body.innerHTML = `
    <div id="root"><form id="answers"><input type="radio" id="r1" name="r1"><button type="submit" id="send">Send</button></form></div>
    <form id="elsewhere"><button type="submit" id="other">Other</button></form>`;
  const root = document.getElementById('root')!;
  const sent: (HTMLElement | null)[] = [];
  root.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push((event as SubmitEvent).submitter);
  });
  return { root, sent, send: document.getElementById('send')! };
}

beforeAll(() => {
  // the server's drawn page: the early link read has nothing to fetch
  document.documentElement.dataset.link = 'ok';
  new Function(inlineScript)();
});

afterEach(() => {
  page.respondLive = undefined;
  page.heldSubmit = undefined;
});

describe("a send on the drawn page before its scripts (respond.html's inline script, goLive)", () => {
  it('is held, not sent and not a page load, until the page is live', () => {
    const { sent, send } = drawnPage();
    send.click();
    expect(sent).toEqual([]);
    expect(page.heldSubmit).toMatchObject({ form: document.getElementById('answers'), submitter: send });
  });

  it("is played again once hydrated, once, through the form's own handler with its button", () => {
    const { root, sent, send } = drawnPage();
    send.click();
    goLive(root, true);
    expect(sent).toEqual([send]);
    expect(page.heldSubmit).toBeUndefined();
    // live: the next send goes straight through
    send.click();
    expect(sent).toEqual([send, send]);
  });

  it('is dropped when the page is drawn anew instead of hydrated', () => {
    const { root, sent, send } = drawnPage();
    send.click();
    goLive(root, false);
    expect(sent).toEqual([]);
    expect(page.heldSubmit).toBeUndefined();
    send.click();
    expect(sent).toEqual([send]);
  });

  it("plays nothing for a form outside the app's root", () => {
    const { root, sent } = drawnPage();
    document.getElementById('other')!.click();
    goLive(root, true);
    expect(sent).toEqual([]);
  });
});
