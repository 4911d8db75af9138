import { useEffect, useState } from 'react';
import { qrPath } from './qr-path';

/** The link as a QR code for a phone in the room; the encoder loads only when a code is shown. */
export function LinkQrCode({ url, label }: { url: string; label: string }) {
  const [code, setCode] = useState<{ size: number; path: string }>();
  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(url);
      qr.make();
      const size = qr.getModuleCount();
      if (live) setCode({ size, path: qrPath(size, (r, c) => qr.isDark(r, c)) });
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!code) return null;
  // four modules of quiet zone around the code, as readers expect
  const side = code.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${side} ${side}`}
      className="mt-4 h-64 w-64 bg-white"
      shapeRendering="crispEdges"
      data-testid="link-qr-code"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
