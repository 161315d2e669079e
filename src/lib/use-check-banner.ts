import { useEffect } from "react";

/**
 * A form's "Please check the marked fields." goes as soon as no field is marked any more; a server's sentence stays
 * until the next send. `check` is that sentence in the user's language.
 */
export function useCheckBanner(errors: Record<string, unknown>, failure: string | null, check: string, clear: () => void) {
  const fixed = failure === check && Object.keys(errors).length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear is the form's setter, called once when fixed
  useEffect(() => {
    if (fixed) clear();
  }, [fixed]);
}
