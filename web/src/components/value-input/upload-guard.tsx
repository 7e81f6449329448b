// A form whose values include uploads must not be saved while a file is still uploading or after an
// upload failed: the item would be saved without the file, silently. Each file input reports its state
// here; the form asks before it sends, and says which file stopped it and why.
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';

export type UploadProblem = { id: string; name: string } & ({ busy: true } | { error: unknown });

interface Reporter {
  report: (id: string, problem: UploadProblem | null) => void;
}

const UploadGuardContext = createContext<Reporter | null>(null);

export const UploadGuardProvider = UploadGuardContext.Provider;

/** For the form: the reporter to provide, and the first problem in page order, if any. */
export function useUploadGuard() {
  const problems = useRef(new Map<string, UploadProblem>());
  const reporter = useMemo<Reporter>(
    () => ({
      report: (id, problem) => {
        if (problem) problems.current.set(id, problem);
        else problems.current.delete(id);
      },
    }),
    [],
  );
  function firstProblem(): UploadProblem | null {
    const all = [...problems.current.values()];
    if (all.length === 0) return null;
    const position = (problem: UploadProblem) => {
      const element = document.getElementById(problem.id);
      return element ? [...document.querySelectorAll('input[type="file"]')].indexOf(element) : Infinity;
    };
    return all.sort((a, b) => position(a) - position(b))[0] ?? null;
  }
  return { reporter, firstProblem };
}

/** For a file input: report a problem (or null), and clear it when the input goes away. */
export function useUploadReport(id: string) {
  const reporter = useContext(UploadGuardContext);
  useEffect(() => () => reporter?.report(id, null), [reporter, id]);
  return (problem: UploadProblem | null) => reporter?.report(id, problem);
}
