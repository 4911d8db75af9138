/**
 * Asks for chunks respond.html names in its `<template id="respond-preloads">` (scripts/vite-respond-preload.ts):
 * the first screen's texts in a language, or one questionnaire version's files, once the link has said which.
 * The modules the engine and i18n import later are these, fetched once. In development the template is empty.
 */
export function preloadNamed(want: { lang: string; form?: string }): void {
  const template = document.getElementById('respond-preloads');
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const link of template.content.querySelectorAll<HTMLLinkElement>('link')) {
    const { form, lang } = link.dataset;
    const wanted = want.form
      ? form === want.form && (!lang || lang === want.lang)
      : !form && lang === want.lang;
    if (wanted) document.head.append(link.cloneNode());
  }
}
