// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useValueBeforeStart } from './use-value-before-start';

function Field({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  const control = useValueBeforeStart<HTMLInputElement>(value, setValue);
  seen.push(value);
  return (
    <input
      ref={control}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
      }}
    />
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Prerenders the field, lets `before` act on the HTML, hydrates it; the values the app rendered. */
function hydrateAfter(before: (input: HTMLInputElement) => void): string[] {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field seen={[]} />);
  document.body.append(container);
  before(container.querySelector('input') as HTMLInputElement);
  const seen: string[] = [];
  act(() => {
    root = hydrateRoot(container, <Field seen={seen} />);
  });
  return seen;
}

describe('a value a control took before the app ran', () => {
  it('becomes the app’s once hydrated', () => {
    const seen = hydrateAfter((input) => {
      input.value = 'angler@example.com';
    });
    expect(seen.at(-1)).toBe('angler@example.com');
  });

  it('changes nothing when the control holds what was rendered', () => {
    expect(hydrateAfter(() => undefined)).toEqual(['']);
  });
});
