// The sample brand's trust seals, drawn inside a 120 x 48 box (src/web/frame/trust-seals.tsx draws the box and names
// the seal). They are part of the page rather than image files: an SVG image is a document of its own that the
// phone parses, styles and lays out apart from the page, and the three cost the landing page about 90 ms of
// main-thread time, a quarter of what it spends beyond a bare page (docs/decisions/0026-landing-render-cost.md).
// textLength: each line fits its seal in whatever font stands in for Arial (Debian has none).

const FONT = "Arial, Helvetica, sans-serif";
const INK = "#1b2430";

/** One line of a seal's text; `fit` is the width the line is stretched or squeezed to. */
function SealText(props: {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  fit?: number;
  middle?: boolean;
  fill?: string;
  children: string;
}) {
  return (
    <text
      x={props.x}
      y={props.y}
      textAnchor={props.middle ? "middle" : undefined}
      fontFamily={FONT}
      fontSize={props.size}
      fontWeight={props.bold ? 700 : undefined}
      textLength={props.fit}
      lengthAdjust={props.fit === undefined ? undefined : "spacingAndGlyphs"}
      fill={props.fill ?? INK}
    >
      {props.children}
    </text>
  );
}

export function CertificateAuthoritySeal() {
  return (
    <>
      <rect x="1" y="1" width="118" height="46" rx="6" fill="#ffffff" stroke="#1f6f43" strokeWidth="2" />
      <path d="M20 9l10 4v8c0 7-4.5 12-10 14-5.5-2-10-7-10-14v-8z" fill="#1f6f43" />
      <path
        d="M15 22l4 4 7-8"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <SealText x={38} y={21} size={10} bold>
        TRUSTED
      </SealText>
      <SealText x={38} y={34} size={8.5} fit={70}>
        CERTIFICATE CA
      </SealText>
    </>
  );
}

export function SslSecureSeal() {
  return (
    <>
      <rect x="1" y="1" width="118" height="46" rx="6" fill="#ffffff" stroke="#0b5cad" strokeWidth="2" />
      <rect x="11" y="21" width="18" height="15" rx="2" fill="#0b5cad" />
      <path d="M14 21v-4a6 6 0 0 1 12 0v4" fill="none" stroke="#0b5cad" strokeWidth="3" />
      <SealText x={38} y={21} size={11} bold fit={74}>
        SSL SECURE
      </SealText>
      <SealText x={38} y={34} size={8.5} fit={76}>
        256-BIT ENCRYPTION
      </SealText>
    </>
  );
}

export function OnlineLendersAllianceSeal() {
  return (
    <>
      <rect x="1" y="1" width="118" height="46" rx="6" fill="#ffffff" stroke="#7a4b00" strokeWidth="2" />
      <circle cx="21" cy="24" r="12" fill="#7a4b00" />
      <SealText x={21} y={28} size={9} bold middle fill="#ffffff">
        OLA
      </SealText>
      <SealText x={38} y={21} size={9} bold fit={76}>
        ONLINE LENDERS
      </SealText>
      <SealText x={38} y={34} size={9} fit={76}>
        ALLIANCE MEMBER
      </SealText>
    </>
  );
}
