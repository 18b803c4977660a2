import { qrCodeSizePx } from '../../config/constants';
import type { Store } from './store-order';

/**
 * The QR code of a store's link, `qrCodeSizePx` square, named by `title`: drawn by
 * qrcode.react when the site is built (build/qr-codes.ts says why), shown here as it drew it.
 */
export function QrCode({ store, title }: { store: Store; title: string }) {
  const { viewBox, paths } = __QR_CODES__[store];
  return (
    <svg height={qrCodeSizePx} width={qrCodeSizePx} viewBox={viewBox} role="img" data-store={store}>
      <title>{title}</title>
      {paths.map(({ fill, d }) => (
        <path key={fill} fill={fill} d={d} shapeRendering="crispEdges" />
      ))}
    </svg>
  );
}
