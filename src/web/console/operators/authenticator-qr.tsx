import QRCode from "qrcode";
import { useMemo } from "react";

// The authenticator address as a QR code, beside the key typed by hand: an app scans it in one step. Drawn as our
// own SVG from the code's modules (no markup from the library reaches the page), dark on light whatever the theme,
// with a quiet zone of four modules as scanners expect.

const QUIET = 4;

export function AuthenticatorQr({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: "M" });
    let d = "";
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    return { size: modules.size + QUIET * 2, path: d };
  }, [uri]);
  return (
    <svg
      className="console-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
