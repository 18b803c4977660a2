import { useTranslation } from 'react-i18next';
import { site } from '../../config/site';
import type { Store } from './store-order';
import { useStoreOrder } from './use-store-order';

/** The link to the app's listing in a store, drawn as a store badge in the visitor's language. */
export function StoreBadge({ store }: { store: Store }) {
  const { t } = useTranslation();
  const label = t(`stores.${store}.action`);
  const name = t(`stores.${store}.name`);
  return (
    <a className="store-badge" href={site.stores[store]} target="_blank" rel="noopener noreferrer" data-store={store}>
      {/* The name read out is the badge's visible words, with a space between them. */}
      <span className="visually-hidden">{`${label} ${name}`}</span>
      <svg viewBox="0 0 180 54" width="180" height="54" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="179" height="53" rx="9" fill="#000" stroke="#a6a6a6" />
        {store === 'googlePlay' ? (
          <g transform="translate(14 12)">
            <path d="M0 1.5 17 15 0 28.5Z" fill="#00d7fe" />
            <path d="M0 1.5 22 13 17 15Z" fill="#00f076" />
            <path d="M0 28.5 22 17 17 15Z" fill="#ff3a44" />
            <path d="M22 13 28 15 22 17 17 15Z" fill="#ffd500" />
          </g>
        ) : (
          <g transform="translate(13 11)" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round">
            <rect x="1" y="1" width="28" height="30" rx="7" strokeWidth="1.6" />
            <path d="M10 24 17 9M20 24 13 9M8 19h14" />
          </g>
        )}
        <text x="52" y="22" fill="#fff" fontSize="10" fontFamily="system-ui, sans-serif">
          {label}
        </text>
        <text x="52" y="41" fill="#fff" fontSize="18" fontWeight="600" fontFamily="system-ui, sans-serif">
          {name}
        </text>
      </svg>
    </a>
  );
}

/** Both badges, the visitor's own store first (see useStoreOrder). */
export function StoreBadges() {
  const order = useStoreOrder();
  return (
    <div className="store-badges">
      {order.map((store) => (
        <StoreBadge key={store} store={store} />
      ))}
    </div>
  );
}
