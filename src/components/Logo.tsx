// The brand mark, apart from the header so the sign-in screens (first load) take it without the header's code.

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#fff" />
      <path d="M6 16l10-9 10 9v9a1 1 0 0 1-1 1h-6v-6h-6v6H7a1 1 0 0 1-1-1z" fill="#0f766e" />
    </svg>
  );
}
