import { afterEach, describe, expect, it } from 'vitest';
import { preloadNamed } from '../../../src/client/respond/preload';

const TEMPLATE = `<template id="respond-preloads"><link rel="modulepreload" href="/assets/common-tr.js" data-lang="tr"><link rel="modulepreload" href="/assets/common-en.js" data-lang="en"><link rel="modulepreload" href="/assets/app.js"><link rel="modulepreload" href="/assets/home-routines-tr.js" data-form="questionnaires/home-routines@1" data-lang="tr"><link rel="modulepreload" href="/assets/home-routines-en.js" data-form="questionnaires/home-routines@1" data-lang="en"><link rel="modulepreload" href="/assets/home-routines@1.js" data-form="questionnaires/home-routines@1"><link rel="modulepreload" href="/assets/everyday-feelings@1.js" data-form="questionnaires/everyday-feelings@1"></template>`;

const asked = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.innerHTML = '';
});

describe("preloadNamed (respond.html's template of chunks)", () => {
  it("asks for one questionnaire version's files in the link's language, none of another's", () => {
    document.head.innerHTML = TEMPLATE;
    preloadNamed({ lang: 'tr', form: 'questionnaires/home-routines@1' });
    expect(asked()).toEqual(['/assets/home-routines-tr.js', '/assets/home-routines@1.js']);
  });

  it("asks for the first screen's texts in a language the address did not name", () => {
    document.head.innerHTML = TEMPLATE;
    preloadNamed({ lang: 'en' });
    expect(asked()).toEqual(['/assets/common-en.js']);
  });

  it('does nothing where the page has no template (development)', () => {
    preloadNamed({ lang: 'tr', form: 'questionnaires/home-routines@1' });
    expect(asked()).toEqual([]);
  });
});
