/**
 * `use-sync-external-store/shim` for React 18 and later: React's own hook. The shim re-implements it for React
 * 16 and 17, which react-i18next still supports; on React 19 its code is never run, so the build serves this
 * instead (vite.config.ts, ADR 139).
 */
export { useSyncExternalStore } from 'react';
