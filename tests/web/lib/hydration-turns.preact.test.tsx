// A rendered page is taken over in turns: the parts marked HydrateLater keep their rendered markup and
// answer nothing until their turn, each turn in a task of its own, lowest first; outside a first
// hydration they render at once.
import { useId, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HydrateLater } from '@web/components/hydrate-later';
import { hydrateInTurns, hydrationTurnsPassed } from '@web/lib/hydration-turns';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" id={id} onClick={() => setCount(count + 1)}>
      {id} {count}
    </button>
  );
}

function Page({ note = 'rendered' }: { note?: string }) {
  return (
    <main>
      <Counter id="now" />
      <HydrateLater turn={2}>
        <section id="last">
          <Counter id="late" />
          <p>{note}</p>
        </section>
      </HydrateLater>
      <HydrateLater turn={-1}>
        <Counter id="soon" />
      </HydrateLater>
      <footer>end</footer>
    </main>
  );
}

/** Clicks the button and says whether the app answered (its count went up, after Preact's microtask). */
async function answers(id: string): Promise<boolean> {
  const button = document.getElementById(id)!;
  const before = button.textContent;
  button.click();
  await Promise.resolve();
  return button.textContent !== before;
}

/** Lets Preact's re-render (a microtask) and the browser's next tasks run. */
async function tasks(count: number) {
  for (let i = 0; i < count; i += 1) await nextTask();
}

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

describe('hydrating in turns', () => {
  it('keeps the later parts as rendered and takes them over one turn a task, lowest first', async () => {
    const html = renderToString(<Page />);
    container.innerHTML = html;
    const late = document.getElementById('late');
    const soon = document.getElementById('soon');

    hydrateInTurns(() => hydrateRoot(container, <Page />));
    expect(container.innerHTML).toBe(html);
    expect(await answers('now')).toBe(true);
    expect(await answers('soon')).toBe(false);
    expect(await answers('late')).toBe(false);

    await tasks(1);
    expect(await answers('soon')).toBe(true);
    expect(await answers('late')).toBe(false);

    await tasks(1);
    expect(await answers('late')).toBe(true);
    await hydrationTurnsPassed();
    // The very nodes the server rendered, taken over rather than made again.
    expect(document.getElementById('late')).toBe(late);
    expect(document.getElementById('soon')).toBe(soon);
    expect(container.querySelectorAll('button')).toHaveLength(3);
    expect(container.querySelector('footer')?.textContent).toBe('end');
  });

  it('gives a waiting part the newest props once its turn comes', async () => {
    // A parent's state changing while the part waits (a button outside it sets it).
    function Changing() {
      const [note, setNote] = useState('rendered');
      return (
        <>
          <button type="button" id="change" onClick={() => setNote('changed')} />
          <Page note={note} />
        </>
      );
    }
    container.innerHTML = renderToString(<Changing />);
    hydrateInTurns(() => hydrateRoot(container, <Changing />));
    document.getElementById('change')!.click();
    await tasks(1);
    // Still waiting for its turn: the markup as the server rendered it.
    expect(container.querySelector('#last p')?.textContent).toBe('rendered');
    await tasks(2);
    await hydrationTurnsPassed();
    expect(container.querySelector('#last p')?.textContent).toBe('changed');
    expect(container.querySelectorAll('#last p')).toHaveLength(1);
  });

  it('takes over a part whose markup changed while it waited, without making it twice', async () => {
    // The page was rendered for a desktop; the phone it opens on changes the part before its turn.
    function Toolbar({ narrow }: { narrow: boolean }) {
      return (
        <div className="toolbar">
          {narrow ? (
            <button type="button" aria-haspopup="dialog" className="icon">
              Filters
            </button>
          ) : (
            <button type="button" aria-expanded="false">
              Filters
            </button>
          )}
        </div>
      );
    }
    function Screen() {
      const [narrow, setNarrow] = useState(false);
      return (
        <main>
          <button type="button" id="narrow" onClick={() => setNarrow(true)} />
          <HydrateLater turn={0}>
            <Toolbar narrow={narrow} />
          </HydrateLater>
        </main>
      );
    }
    container.innerHTML = renderToString(<Screen />);
    hydrateInTurns(() => hydrateRoot(container, <Screen />));
    document.getElementById('narrow')!.click();
    await tasks(3);
    await hydrationTurnsPassed();
    await tasks(1);
    const buttons = container.querySelectorAll('.toolbar button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-haspopup')).toBe('dialog');
    expect(buttons[0]!.hasAttribute('aria-expanded')).toBe(false);
    expect(container.querySelectorAll('.toolbar')).toHaveLength(1);
  });

  it('gives the parts taken over later the ids the server gave them, each once', async () => {
    // A link added by an update (a skip link, a panel) points at the id the app holds for its field.
    function Labelled({ name, round }: { name: string; round: number }) {
      const id = useId();
      return (
        <p>
          <label htmlFor={id}>{name}</label>
          <input id={id} />
          {round > 0 ? <a href={`#${id}`}>{name}</a> : null}
        </p>
      );
    }
    function Screen() {
      const [round, setRound] = useState(0);
      return (
        <main>
          <button type="button" id="again" onClick={() => setRound(round + 1)} />
          <HydrateLater turn={-1}>
            <div>
              <Labelled name="early" round={round} />
            </div>
          </HydrateLater>
          <Labelled name="now" round={round} />
          <HydrateLater turn={1}>
            <div>
              <Labelled name="late" round={round} />
              <Labelled name="later" round={round} />
            </div>
          </HydrateLater>
        </main>
      );
    }
    container.innerHTML = renderToString(<Screen />);
    const rendered = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(new Set(rendered).size).toBe(4);
    hydrateInTurns(() => hydrateRoot(container, <Screen />));
    await tasks(3);
    await hydrationTurnsPassed();
    document.getElementById('again')!.click();
    await tasks(1);
    const links = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(rendered.map((id) => `#${id}`));
  });

  it('takes over the parts inside a later part in turns of their own, each node as rendered', async () => {
    // The layout holds the screen (a turn), which holds a header (an earlier turn) and cards (later ones).
    function Nested() {
      return (
        <div>
          <Counter id="shell" />
          <HydrateLater turn={-2}>
            <main>
              <Counter id="screen" />
              <HydrateLater turn={-1}>
                <Counter id="header" />
              </HydrateLater>
              <HydrateLater turn={1}>
                <section>
                  <Counter id="card" />
                </section>
              </HydrateLater>
              <HydrateLater turn={2}>
                <section>
                  <Counter id="more" />
                </section>
              </HydrateLater>
            </main>
          </HydrateLater>
        </div>
      );
    }
    const html = renderToString(<Nested />);
    container.innerHTML = html;
    const nodes = ['screen', 'header', 'card', 'more'].map((id) => document.getElementById(id));

    hydrateInTurns(() => hydrateRoot(container, <Nested />));
    expect(container.innerHTML).toBe(html);
    expect(await answers('shell')).toBe(true);
    expect(await answers('screen')).toBe(false);

    // The screen's turn: the parts it holds were met only now, and each still waits for its own.
    await tasks(1);
    expect(await answers('screen')).toBe(true);
    expect(await answers('header')).toBe(false);

    await tasks(1);
    expect(await answers('header')).toBe(true);
    expect(await answers('card')).toBe(false);

    await tasks(1);
    expect(await answers('card')).toBe(true);
    expect(await answers('more')).toBe(false);

    await tasks(1);
    expect(await answers('more')).toBe(true);
    await hydrationTurnsPassed();
    expect(['screen', 'header', 'card', 'more'].map((id) => document.getElementById(id))).toEqual(nodes);
    expect(container.querySelectorAll('button')).toHaveLength(5);
  });

  it('renders every part at once when the page is not being hydrated', async () => {
    const root = createRoot(container);
    root.render(<Page />);
    await tasks(1);
    expect(await answers('now')).toBe(true);
    expect(await answers('soon')).toBe(true);
    expect(await answers('late')).toBe(true);
    root.unmount();
  });
});
