// The app's look: styles, the status bar, app bar, tab bar and small shared pieces.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { site } from '../../web/src/config/site.ts';
import { icon, type IconName } from './icons.ts';
import type { Locale } from './locale.ts';

export const productName: string = site.productName;

/** The site's logo, reused as the app's icon in the app bar. */
export function logo(size: number): string {
  const svg = readFileSync(fileURLToPath(new URL('../../web/public/logo.svg', import.meta.url)), 'utf8');
  return svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
}

export const styles = `
:root {
  --red: #e02424; --red-dark: #b91c1c; --red-soft: #fde8e8;
  --bar: #2d2f33; --bar-2: #3a3d42;
  --bg: #f2f4f6; --card: #fff; --text: #1c2329; --muted: #6b7780; --line: #e4e8eb;
  --deep: #0b3954; --sea: #1c7fa6; --sea-soft: #e3f1f8;
}
* { box-sizing: border-box; margin: 0; padding: 0; }
.screen { position: relative; width: 390px; height: 844px; overflow: hidden; display: flex; flex-direction: column; background: var(--bg); color: var(--text);
  font: 400 14px/1.35 Inter, sans-serif; font-feature-settings: 'cv11', 'tnum' 0; -webkit-font-smoothing: antialiased; }
.tnum { font-variant-numeric: tabular-nums; }
.icon { display: block; flex: none; }
.status { position: absolute; z-index: 40; top: 0; left: 0; right: 0; height: 54px; display: flex; align-items: center;
  justify-content: space-between; padding: 4px 30px 0 50px; font-weight: 600; font-size: 16px; letter-spacing: -0.01em; }
.status.light { color: #fff; } .status.dark { color: #111; }
.status .right { display: flex; gap: 6px; align-items: center; }
.appbar { background: var(--bar); color: #fff; padding-top: 54px; position: relative; z-index: 5; }
.appbar .bar-row { height: 52px; display: flex; align-items: center; gap: 10px; padding: 0 14px 0 16px; }
.appbar h1 { font-size: 21px; font-weight: 700; letter-spacing: -0.02em; flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.appbar .sub { font-size: 12.5px; color: #c9ced4; display: flex; align-items: center; gap: 4px; margin-top: 1px; font-weight: 500; }
.iconbtn { width: 38px; height: 38px; border-radius: 19px; display: grid; place-items: center; position: relative; color: inherit; }
.iconbtn.filled { background: rgba(255,255,255,.12); }
.dot { position: absolute; top: 8px; right: 9px; width: 8px; height: 8px; border-radius: 4px; background: var(--red); border: 1.5px solid var(--bar); }
.segments { display: flex; gap: 4px; padding: 0 16px 12px; }
.segments span { flex: 1; text-align: center; padding: 7px 0; border-radius: 9px; font-weight: 600; font-size: 13.5px; color: #c9ced4; background: var(--bar-2); }
.segments span.on { background: #fff; color: var(--text); }
.tabbar { position: absolute; z-index: 30; left: 0; right: 0; bottom: 0; height: 84px; background: #fff;
  border-top: 1px solid var(--line); display: flex; padding: 7px 4px 0; }
.tab { flex: 1; display: flex; flex-direction: column; align-items: center; gap: 3px; font-size: 10.5px; font-weight: 600; color: #8a949c; }
.tab.on { color: var(--red); }
.homebar { position: absolute; z-index: 50; bottom: 8px; left: 50%; width: 136px; margin-left: -68px; height: 5px; border-radius: 3px; background: #111; }
.homebar.light { background: #fff; }
.card { background: var(--card); border-radius: 16px; box-shadow: 0 1px 2px rgba(16,24,32,.06), 0 4px 14px rgba(16,24,32,.05); }
.avatar { border-radius: 50%; display: grid; place-items: center; color: #fff; font-weight: 700; flex: none; letter-spacing: -0.02em; }
.pro { display: inline-flex; align-items: center; gap: 3px; background: linear-gradient(135deg, #f04646, #b91c1c); color: #fff;
  font-size: 9.5px; font-weight: 800; letter-spacing: .06em; padding: 2px 6px 2px 5px; border-radius: 6px; line-height: 1.3; vertical-align: middle; }
.btn { display: inline-flex; align-items: center; justify-content: center; gap: 6px; height: 32px; padding: 0 14px; border-radius: 16px;
  font-weight: 600; font-size: 13px; white-space: nowrap; flex: none; }
.btn.primary { background: var(--red); color: #fff; }
.btn.outline { border: 1.5px solid #cfd5da; color: var(--text); }
.chip { display: inline-flex; align-items: center; gap: 5px; height: 30px; padding: 0 12px; border-radius: 15px; background: #fff;
  font-size: 12.5px; font-weight: 600; white-space: nowrap; flex: none; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.chip.on { background: var(--bar); color: #fff; }
.muted { color: var(--muted); }
.main { flex: 1; min-height: 0; overflow: hidden; padding: 12px; }
.row { display: flex; align-items: center; }
.photo { position: relative; overflow: hidden; }
.photo > svg { display: block; position: absolute; inset: 0; }
.section-title { font-size: 15px; font-weight: 700; letter-spacing: -0.01em; }
.lock-pill { display: inline-flex; align-items: center; gap: 4px; font-size: 11px; font-weight: 600; color: var(--muted); }
`;

/** The iOS-style status bar: time on the left, signal, Wi-Fi and battery on the right. */
export function statusBar(theme: 'light' | 'dark'): string {
  const signal = `<svg width="18" height="12" viewBox="0 0 18 12" fill="currentColor"><rect x="0" y="8" width="3" height="4" rx="1"/><rect x="5" y="5.5" width="3" height="6.5" rx="1"/><rect x="10" y="3" width="3" height="9" rx="1"/><rect x="15" y="0" width="3" height="12" rx="1"/></svg>`;
  const wifi = `<svg width="16" height="12" viewBox="0 0 16 12" fill="currentColor"><path d="M8 12 5.6 9.4a3.4 3.4 0 0 1 4.8 0z"/><path d="M3.5 7.2a6.4 6.4 0 0 1 9 0l-1.5 1.6a4.2 4.2 0 0 0-6 0z"/><path d="M1.2 4.8a9.6 9.6 0 0 1 13.6 0L13.3 6.4a7.4 7.4 0 0 0-10.6 0z"/></svg>`;
  const battery = `<svg width="27" height="13" viewBox="0 0 27 13"><rect x=".5" y=".5" width="23" height="12" rx="3.5" fill="none" stroke="currentColor" opacity=".4"/><rect x="2" y="2" width="17" height="9" rx="2" fill="currentColor"/><path d="M25 4.5v4a2 2 0 0 0 0-4z" fill="currentColor" opacity=".4"/></svg>`;
  return `<div class="status ${theme}"><span>9:41</span><span class="right">${signal}${wifi}${battery}</span></div>`;
}

export type Tab = 'feed' | 'map' | 'log' | 'weather' | 'profile';
const tabIcons: Record<Tab, IconName> = { feed: 'home', map: 'map', log: 'log', weather: 'weather', profile: 'user' };

export function tabBar(l: Locale, active: Tab): string {
  const tabs = (Object.keys(tabIcons) as Tab[])
    .map(
      (tab) =>
        `<div class="tab${tab === active ? ' on' : ''}">${icon(tabIcons[tab], 25, tab === active ? 2.2 : 1.8)}<span>${l.t.tabs[tab]}</span></div>`,
    )
    .join('');
  return `<nav class="tabbar">${tabs}</nav>`;
}

export function appBar(options: {
  title: string;
  sub?: string;
  back?: boolean;
  actions?: readonly string[];
  below?: string;
  lead?: string;
}): string {
  const back =
    options.back === true ? `<div class="iconbtn" style="margin-left:-8px">${icon('back', 24, 2.2)}</div>` : '';
  const title =
    options.sub === undefined
      ? `<h1>${options.title}</h1>`
      : `<div style="flex:1;min-width:0"><h1>${options.title}</h1><div class="sub">${options.sub}</div></div>`;
  return `<header class="appbar"><div class="bar-row">${back}${options.lead ?? ''}${title}${(options.actions ?? []).join('')}</div>${options.below ?? ''}</header>`;
}

export function iconButton(name: IconName, options: { dot?: boolean; filled?: boolean } = {}): string {
  return `<div class="iconbtn${options.filled === true ? ' filled' : ''}">${icon(name, 23, 1.9)}${options.dot === true ? '<span class="dot"></span>' : ''}</div>`;
}

const avatarColours = [
  ['#0b3954', '#1c7fa6'],
  ['#b91c1c', '#f05252'],
  ['#2f6b3a', '#5fa36b'],
  ['#6b3fa0', '#9f7aea'],
  ['#b7791f', '#ecc94b'],
  ['#2d3748', '#718096'],
] as const;

/** A round avatar with the member's initials. */
export function avatar(name: string, size: number, colour = 0): string {
  const [a, b] = avatarColours[colour % avatarColours.length] ?? avatarColours[0];
  const initials = name
    .split(/[ ._]/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return `<div class="avatar" style="width:${size}px;height:${size}px;font-size:${Math.round(size * 0.38)}px;background:linear-gradient(135deg,${a},${b})">${initials}</div>`;
}

export function proBadge(): string {
  return `<span class="pro"><svg width="9" height="9" viewBox="0 0 24 24" fill="#fff"><path d="m12 2 3 6.5 7 .9-5.1 4.9 1.3 7L12 18l-6.2 3.3 1.3-7L2 9.4l7-.9z"/></svg>PRO</span>`;
}

/** A whole screen: status bar, content, tab bar (unless `tab` is null) and home indicator. */
export function screen(options: {
  status: 'light' | 'dark';
  body: string;
  l: Locale;
  tab: Tab | null;
  background?: string;
}): string {
  return (
    `<div class="screen" style="${options.background === undefined ? '' : `background:${options.background}`}">` +
    statusBar(options.status) +
    options.body +
    (options.tab === null ? '' : tabBar(options.l, options.tab)) +
    `<div class="homebar"></div></div>`
  );
}
