import { useId } from 'react';

/** 404 scene: a graduation cap over "404", a striped road barrier, a cone and an open book. */
export function NotFoundIllustration({ width = 360 }: { width?: number }) {
  const clip = useId();
  return (
    <svg
      width={width}
      viewBox="0 0 360 240"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <defs>
        <clipPath id={clip}>
          <rect x="86" y="142" width="188" height="28" rx="6" />
        </clipPath>
      </defs>
      <circle cx="180" cy="118" r="104" fill="#eaf2ff" />
      <ellipse cx="180" cy="210" rx="150" ry="11" fill="#d6e4fb" />
      {/* graduation cap */}
      <polygon points="180,14 224,32 180,50 136,32" fill="#1e3a8a" />
      <path d="M158 41v12c0 6 10 10 22 10s22-4 22-10V41l-22 9z" fill="#1d4ed8" />
      <path d="M224 32v22" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
      <circle cx="224" cy="57" r="4" fill="#f59e0b" />
      {/* 404 */}
      <text
        x="180"
        y="136"
        textAnchor="middle"
        fontSize="84"
        fontWeight="800"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fill="#9ec1fa"
        letterSpacing="4"
      >
        404
      </text>
      {/* barrier */}
      <rect x="100" y="166" width="8" height="42" rx="2" fill="#475569" />
      <rect x="252" y="166" width="8" height="42" rx="2" fill="#475569" />
      <rect x="86" y="142" width="188" height="28" rx="6" fill="#fff" />
      <g clipPath={`url(#${clip})`} fill="#f59e0b">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <polygon key={i} points={`${70 + i * 30},170 ${86 + i * 30},170 ${106 + i * 30},142 ${90 + i * 30},142`} />
        ))}
      </g>
      <rect x="86" y="142" width="188" height="28" rx="6" fill="none" stroke="#1e3a8a" strokeWidth="2.5" />
      {/* cone */}
      <rect x="286" y="200" width="46" height="8" rx="3" fill="#ea580c" />
      <polygon points="296,200 322,200 312,150 306,150" fill="#fb923c" />
      <polygon points="300.5,182 317.5,182 315.5,172 302.5,172" fill="#fff" />
      {/* open book */}
      <path
        d="M30 196c12-7 26-7 38 0v12c-12-7-26-7-38 0z"
        fill="#fff"
        stroke="#1d4ed8"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M106 196c-12-7-26-7-38 0v12c12-7 26-7 38 0z"
        fill="#fff"
        stroke="#1d4ed8"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
