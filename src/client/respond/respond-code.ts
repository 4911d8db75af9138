/** Where the page keeps a link's code for this tab only (sessionStorage): a reload does not ask again. */
export const codeKey = (token: string) => `respond-code:${token.slice(0, 16)}`;
