/** Ctrl + Shift + Del as three key caps (the sign-in error page's keyboard instructions). */
export function KeyboardIllustration({ label }: { label: string }) {
  const keys = [
    { x: 8, w: 84, text: 'Ctrl' },
    { x: 128, w: 104, text: 'Shift' },
    { x: 268, w: 84, text: 'Del' },
  ];
  return (
    <svg viewBox="0 0 360 84" width="100%" style={{ maxWidth: 360 }} role="img" aria-label={label}>
      {keys.map((key) => (
        <g key={key.text}>
          <rect x={key.x} y={14} width={key.w} height={60} rx={12} fill="#c7d2fe" />
          <rect x={key.x} y={8} width={key.w} height={58} rx={12} fill="#ffffff" stroke="#6366f1" strokeWidth={2} />
          <text
            x={key.x + key.w / 2}
            y={44}
            textAnchor="middle"
            fontFamily="Inter, system-ui, sans-serif"
            fontSize={20}
            fontWeight={700}
            fill="#1e3a8a"
          >
            {key.text}
          </text>
        </g>
      ))}
      {[110, 250].map((x) => (
        <text key={x} x={x} y={46} textAnchor="middle" fontSize={26} fontWeight={700} fill="#64748b">
          +
        </text>
      ))}
    </svg>
  );
}
