import { useEffect, useRef, useState } from 'react';
import { AutoSaver, type AutoSaverOptions, type AutoSaveStatus } from './auto-save';

export type UseAutoSaverOptions = Omit<AutoSaverOptions, 'onStatus'>;

/** What the screen calls; stable for the component's life. */
export interface AutoSaverHandle {
  /** See `AutoSaver.changed`. */
  changed(elapsed?: number): void;
  settled(): void;
  cancel(): void;
}

/** An AutoSaver living as long as the component (made in an effect, so StrictMode's re-run gets a fresh one). */
export function useAutoSaver(options: UseAutoSaverOptions): {
  saver: AutoSaverHandle;
  status: AutoSaveStatus;
} {
  const latest = useRef(options);
  latest.current = options;
  const current = useRef<AutoSaver | null>(null);
  const [status, setStatus] = useState<AutoSaveStatus>({ saving: false, failed: false });

  useEffect(() => {
    const saver = new AutoSaver({
      delay: latest.current.delay,
      retryDelays: latest.current.retryDelays,
      beforeCheck: () => latest.current.beforeCheck?.(),
      shouldSave: () => latest.current.shouldSave(),
      isBusy: () => latest.current.isBusy(),
      save: () => latest.current.save(),
      onStatus: setStatus,
    });
    current.current = saver;
    return () => {
      saver.dispose();
      current.current = null;
    };
  }, []);

  const [saver] = useState<AutoSaverHandle>(() => ({
    changed: (elapsed) => current.current?.changed(elapsed),
    settled: () => current.current?.settled(),
    cancel: () => current.current?.cancel(),
  }));
  return { saver, status };
}
