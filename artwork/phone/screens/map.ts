// The catch map: pins and clusters on the coast, search, filters and the selected catch.
import { icon, type IconName } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { coastMap, type MapLabel, type MapPin } from '../maps.ts';
import { proBadge, screen } from '../ui.ts';
import { logged } from './logged.ts';
import { photo } from './parts.ts';

export const mapLabels = (l: Locale): MapLabel[] => [
  { at: [545, 405], text: 'Orbetello', kind: 'town' },
  { at: [530, 590], text: 'Porto S. Stefano', kind: 'town' },
  { at: [690, 660], text: 'Porto Ercole', kind: 'town' },
  { at: [545, 790], text: 'MONTE ARGENTARIO', kind: 'area' },
  { at: [880, 250], text: 'Ansedonia', kind: 'town' },
  { at: [170, 250], text: 'Talamone', kind: 'town' },
  { at: [290, 1000], text: l.lang === 'it' ? 'Mar Tirreno' : 'Tyrrhenian Sea', kind: 'sea' },
];

export function mapScreen(l: Locale): string {
  const { t } = l;
  const pins: MapPin[] = [
    { at: [235, 650], kind: 'cluster', count: 12 },
    { at: [470, 470], kind: 'cluster', count: 5 },
    { at: [870, 560], kind: 'cluster', count: 3 },
    { at: [300, 820], kind: 'pin' },
    { at: [285, 455], kind: 'pin' },
    { at: [810, 430], kind: 'pin' },
    { at: [790, 800], kind: 'pin' },
    { at: [620, 500], kind: 'pin' },
    { at: [160, 400], kind: 'pin' },
    { at: [350, 560], kind: 'selected' },
  ];
  const map = `<div style="position:absolute;inset:0">${coastMap({ width: 390, height: 844, center: [540, 740], scale: 0.43, pins, labels: mapLabels(l) })}</div>`;
  const fade = `<div style="position:absolute;top:0;left:0;right:0;height:170px;background:linear-gradient(rgba(255,255,255,.95),rgba(255,255,255,.7) 55%,rgba(255,255,255,0))"></div>`;
  const search =
    `<div class="row" style="position:absolute;top:58px;left:14px;right:14px;gap:10px">` +
    `<div class="row" style="flex:1;height:46px;border-radius:23px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);padding:0 16px;gap:10px;color:var(--muted)">${icon('search', 20, 2.2)}<span style="font-size:15px">${t.searchPlaces}</span></div>` +
    `<div style="width:46px;height:46px;border-radius:23px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);display:grid;place-items:center">${icon('filter', 21, 2)}</div></div>`;
  const chips =
    `<div class="row" style="position:absolute;top:116px;left:14px;gap:8px;width:600px">` +
    `<span class="chip on">${icon('fish', 15, 2.2)}${t.allSpecies}</span>` +
    (['bass', 'bream', 'dentex', 'tuna'] as const)
      .map((s) => `<span class="chip">${t.shortSpecies[s]}</span>`)
      .join('') +
    `</div>`;
  const controls =
    `<div style="position:absolute;right:14px;top:430px;display:flex;flex-direction:column;gap:10px">` +
    ['layers', 'locate']
      .map(
        (name) =>
          `<div style="width:44px;height:44px;border-radius:14px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);display:grid;place-items:center;color:${name === 'locate' ? 'var(--sea)' : 'var(--text)'}">${icon(name as IconName, 21, 2)}</div>`,
      )
      .join('') +
    `</div>`;
  const c = logged[1];
  if (c === undefined) throw new Error('no catch to show');
  const sheet =
    `<div style="position:absolute;left:0;right:0;bottom:84px;background:#fff;border-radius:22px 22px 0 0;box-shadow:0 -4px 20px rgba(0,0,0,.12);padding:8px 16px 16px">` +
    `<div style="width:40px;height:5px;border-radius:3px;background:#d5dade;margin:0 auto 10px"></div>` +
    `<div class="row" style="gap:8px;margin-bottom:12px"><span style="font-weight:700;font-size:15.5px;flex:1">${t.catchesHere(20)}</span>${proBadge()}</div>` +
    `<div class="row" style="gap:12px">${photo(c.species, c.backdrop, 84, 84, 31, 'border-radius:14px;flex:none')}` +
    `<div style="flex:1;min-width:0"><div style="font-weight:700;font-size:16px">${t.species[c.species]}</div><div style="font-weight:600;font-size:13.5px;color:#3d4852;margin-top:1px">${l.num(c.kg, 1)} kg · ${l.num(c.cm)} cm</div>` +
    `<div class="muted" style="font-size:12.5px;margin-top:2px">${l.date(c.at, { day: 'numeric', month: 'short', year: 'numeric' }).replace('.', '')} · ${l.time(c.hour, c.minute)}</div>` +
    `<div class="row" style="gap:8px;margin-top:7px"><span class="lock-pill">${icon('lock', 13, 2.2)}${t.private}</span><span class="btn primary" style="height:30px;margin-left:auto;font-size:12.5px;padding:0 12px">${t.details}${icon('chevron', 14, 2.4)}</span></div></div></div></div>`;
  return screen({ status: 'dark', l, tab: 'map', body: `${map}${fade}${search}${chips}${controls}${sheet}` });
}
