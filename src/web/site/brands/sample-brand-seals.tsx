// The sample brand's trust seals, drawn inside a 120 x 48 box (src/web/ui/trust-seals.tsx draws the box and names
// the seal). They are part of the page rather than image files: an SVG image is a document of its own that the
// phone parses, styles and lays out apart from the page, and three of them cost the landing page about as much
// main-thread time as the rest of its rendering (docs/decisions/0026-landing-render-cost.md).
// textLength: each line fits its seal in whatever font stands in for Arial (Debian has none).

const FONT = "Arial, Helvetica, sans-serif";
const INK = "#1b2430";

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
      <text x="38" y="21" fontFamily={FONT} fontSize="10" fontWeight="700" fill={INK}>
        TRUSTED
      </text>
      <text x="38" y="34" fontFamily={FONT} fontSize="8.5" textLength="70" lengthAdjust="spacingAndGlyphs" fill={INK}>
        CERTIFICATE CA
      </text>
    </>
  );
}

export function SslSecureSeal() {
  return (
    <>
      <rect x="1" y="1" width="118" height="46" rx="6" fill="#ffffff" stroke="#0b5cad" strokeWidth="2" />
      <rect x="11" y="21" width="18" height="15" rx="2" fill="#0b5cad" />
      <path d="M14 21v-4a6 6 0 0 1 12 0v4" fill="none" stroke="#0b5cad" strokeWidth="3" />
      <text
        x="38"
        y="21"
        fontFamily={FONT}
        fontSize="11"
        fontWeight="700"
        textLength="74"
        lengthAdjust="spacingAndGlyphs"
        fill={INK}
      >
        SSL SECURE
      </text>
      <text x="38" y="34" fontFamily={FONT} fontSize="8.5" textLength="76" lengthAdjust="spacingAndGlyphs" fill={INK}>
        256-BIT ENCRYPTION
      </text>
    </>
  );
}

export function OnlineLendersAllianceSeal() {
  return (
    <>
      <rect x="1" y="1" width="118" height="46" rx="6" fill="#ffffff" stroke="#7a4b00" strokeWidth="2" />
      <circle cx="21" cy="24" r="12" fill="#7a4b00" />
      <text x="21" y="28" textAnchor="middle" fontFamily={FONT} fontSize="9" fontWeight="700" fill="#ffffff">
        OLA
      </text>
      <text
        x="38"
        y="21"
        fontFamily={FONT}
        fontSize="9"
        fontWeight="700"
        textLength="76"
        lengthAdjust="spacingAndGlyphs"
        fill={INK}
      >
        ONLINE LENDERS
      </text>
      <text x="38" y="34" fontFamily={FONT} fontSize="9" textLength="76" lengthAdjust="spacingAndGlyphs" fill={INK}>
        ALLIANCE MEMBER
      </text>
    </>
  );
}
