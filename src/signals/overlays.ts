import { computed, signal } from "@preact/signals-react";

/** Bottom sheets open now: while one is, app toasts move to the top, over the dimmed page, off the sheet's fields. */
const sheets = signal(0);
export const sheetOpen = computed(() => sheets.value > 0);

/** Counts a sheet as open until the returned function is called (an effect's cleanup). */
export function holdSheet(): () => void {
  sheets.value++;
  let held = true;
  return () => {
    if (held) sheets.value--;
    held = false;
  };
}
