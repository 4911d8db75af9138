import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { QuestionnaireDefinition } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { LibraryEntry } from '../../shared';
import { useFormEngine } from '../forms/engine-context';
import { http } from './http';

export type { LibraryEntry };

export const questionnaireKeys = {
  library: ['questionnaires', 'library'] as const,
  definition: (id: string, version: number, scoringVersion?: number) =>
    ['questionnaires', 'definition', id, version, scoringVersion ?? 'newest'] as const,
};

/** GET /questionnaires: the library (the screens of the library and of a client share it). */
export function useQuestionnaireLibrary() {
  return useQuery({
    queryKey: questionnaireKeys.library,
    queryFn: () => http.get<LibraryEntry[]>('questionnaires'),
  });
}

/**
 * GET /questionnaires/:id/versions/:version: a published version never changes, so it is cached for good. A
 * response names its scoring version, so its live score and labels are the pinned ones (ADR 109).
 */
export function useQuestionnaireDefinition(
  id: string | undefined,
  version: number | undefined,
  scoringVersion?: number,
) {
  return useQuery({
    queryKey: questionnaireKeys.definition(id ?? '', version ?? 0, scoringVersion),
    queryFn: () =>
      http.get<QuestionnaireDefinition>(
        `questionnaires/${encodeURIComponent(id as string)}/versions/${version}`,
        scoringVersion === undefined ? undefined : { searchParams: { scoring: scoringVersion } },
      ),
    enabled: id !== undefined && version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A text of a library entry in the page language, else the other one (a questionnaire may ship in one). */
export function textIn(texts: Partial<Record<Lang, string>>, lang: Lang): string {
  return texts[lang] ?? Object.values(texts)[0] ?? '';
}

/**
 * The engine with a questionnaire version's whole locale file loaded (scale, band, flag and licence words, not
 * only the `_form` titles a `texts` need brings); suspends while it loads.
 */
export function useQuestionnaireWords(def: Pick<QuestionnaireDefinition, 'formId' | 'version'>) {
  const forms = useMemo(() => [{ form: def.formId, version: def.version }], [def.formId, def.version]);
  return useFormEngine({ forms });
}
