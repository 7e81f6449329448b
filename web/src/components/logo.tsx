// The logo (the same drawing as public/favicon.svg): a display cabinet on an indigo square. Decorative
// wherever it appears beside the product's name, so it is hidden from assistive technologies.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#4338ca" />
      <path d="M17 12h30a4 4 0 0 1 4 4v38H13V16a4 4 0 0 1 4-4z" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M13 33h38" stroke="#fff" strokeWidth="3" />
      <rect x="19" y="18" width="5" height="13" rx="1" fill="#fbbf24" />
      <rect x="25.5" y="16" width="5" height="15" rx="1" fill="#e0e7ff" />
      <rect x="33" y="19.5" width="5" height="12.5" rx="1" fill="#f472b6" transform="rotate(-14 35.5 31)" />
      <circle cx="43" cy="43" r="5.5" fill="#e0e7ff" />
      <rect x="19" y="38" width="14" height="10" rx="1.5" fill="#fbbf24" />
      <path d="M22 12l9 0-14 20z" fill="#fff" fillOpacity=".18" />
    </svg>
  );
}
