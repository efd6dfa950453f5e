/** A QR code's drawing, made on the server (qr-drawing.ts) from the component QrCode.tsx renders. */
export interface QrDrawing {
  /** The text the QR encodes. */
  value: string;
  /** The QR's modules with its quiet zone, across. */
  modules: number;
  /** The dark modules as one SVG path. */
  path: string;
}

/**
 * A QR code drawn by the server, as QrCode.tsx draws it (the same SVG): the light ticket page shows the
 * ticket's QR without the QR library, and without computing the code again on the phone.
 */
export function QrDrawn({ drawing, label, size = 200 }: { drawing: QrDrawing; label: string; size?: number }) {
  const n = drawing.modules;
  return (
    <svg height={size} width={size} viewBox={`0 0 ${n} ${n}`} role="img" aria-label={label}>
      <title>{label}</title>
      <path fill="#FFFFFF" d={`M0,0 h${n}v${n}H0z`} shapeRendering="crispEdges" />
      <path fill="#000000" d={drawing.path} shapeRendering="crispEdges" />
    </svg>
  );
}
