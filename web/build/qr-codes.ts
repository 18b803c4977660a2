import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import { qrCodeSizePx } from '../src/config/constants.ts';
import { site } from '../src/config/site.ts';

/** One store link's QR code as qrcode.react draws it: the square's view box and its two paths. */
export type QrCode = {
  viewBox: string;
  /** The light background, then the dark modules, each a path of runs ("M x y h w v1 H x z"). */
  paths: Array<{ fill: string; d: string }>;
};

export type StoreName = keyof typeof site.stores;

/** The modules of quiet zone around the code, as scanners want it. */
const marginModules = 2;

/**
 * Each store link's QR code, drawn when the site is built (vite.config.ts passes them to the
 * pages as `__QR_CODES__`; components/store/qr-code.tsx shows them): encoding a link is one
 * step of 10–15 ms on a desktop, four times that on a phone, that cannot be split, for a
 * picture of a constant. The browser only lays out the paths.
 */
export function drawQrCodesAtBuild(): Record<StoreName, QrCode> {
  const entries = Object.entries(site.stores).map(([store, link]): [string, QrCode] => {
    const svg = renderToStaticMarkup(
      createElement(QRCodeSVG, { value: link, size: qrCodeSizePx, marginSize: marginModules }),
    );
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
    const paths = [...svg.matchAll(/<path fill="([^"]+)" d="([^"]+)"/g)].map(([, fill = '', d = '']) => ({ fill, d }));
    if (!viewBox || paths.length !== 2) {
      throw new Error(
        `qrcode.react drew the ${store} code in a shape build/qr-codes.ts does not know: ${svg.slice(0, 200)}`,
      );
    }
    return [store, { viewBox, paths }];
  });
  return Object.fromEntries(entries) as Record<StoreName, QrCode>;
}
