// In the preact build, @preact/signals subscribes components by itself; useSignals has nothing to do.
export function useSignals(): void {}
