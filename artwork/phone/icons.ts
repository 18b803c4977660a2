// Line icons on a 24-unit grid, drawn for these mock screens.

const paths = {
  home: '<path d="M3.5 10.5 12 4l8.5 6.5V20a1 1 0 0 1-1 1H15v-6H9v6H4.5a1 1 0 0 1-1-1z"/>',
  map: '<path d="M9 4 3.5 6v14L9 18l6 2 5.5-2V4L15 6z"/><path d="M9 4v14M15 6v14"/>',
  log: '<path d="M6 3.5h10.5A2.5 2.5 0 0 1 19 6v14.5H8a3 3 0 0 1-3-3V4.5a1 1 0 0 1 1-1z"/><path d="M5 17.5a3 3 0 0 1 3-3h11M9 7.5h6M9 10.5h4"/>',
  weather:
    '<path d="M8.5 2.5v1.8M3.3 4.8l1.3 1.3M2 10h1.8M13.7 4.8l-1.3 1.3"/><path d="M5.4 12.2a4 4 0 1 1 7.2-3.3"/><path d="M9.5 20.5h8.5a3.5 3.5 0 0 0 .4-7 5.5 5.5 0 0 0-10.6 1.6 2.8 2.8 0 0 0 1.7 5.4z"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4.5 20.5a7.5 7.5 0 0 1 15 0"/>',
  heart: '<path d="M12 20s-7.5-4.6-9.2-9.3A4.9 4.9 0 0 1 12 6.6a4.9 4.9 0 0 1 9.2 4.1C19.5 15.4 12 20 12 20z"/>',
  comment: '<path d="M20.5 11.5a8.5 8 0 0 1-12.4 7.1L3.5 20l1.3-4.1a8.5 8 0 1 1 15.7-4.4z"/>',
  send: '<path d="m21 3-10 10M21 3l-6.5 18-3.5-8-8-3.5z"/>',
  bookmark: '<path d="M6.5 3.5h11v17l-5.5-3.8-5.5 3.8z"/>',
  bell: '<path d="M6 10a6 6 0 0 1 12 0c0 5.5 2.5 7 2.5 7h-17S6 15.5 6 10z"/><path d="M10 20.5a2.2 2.2 0 0 0 4 0"/>',
  search: '<circle cx="11" cy="11" r="6.5"/><path d="m20.5 20.5-4.8-4.8"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="2"/><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5"/>',
  globe:
    '<circle cx="12" cy="12" r="8.5"/><path d="M3.5 12h17M12 3.5c2.6 2.6 3.5 5.5 3.5 8.5s-.9 5.9-3.5 8.5c-2.6-2.6-3.5-5.5-3.5-8.5s.9-5.9 3.5-8.5z"/>',
  pin: '<path d="M12 21s-6.5-5.8-6.5-11.3a6.5 6.5 0 0 1 13 0C18.5 15.2 12 21 12 21z"/><circle cx="12" cy="9.6" r="2.4"/>',
  back: '<path d="m14.5 5-7 7 7 7"/>',
  chevron: '<path d="m9.5 5 7 7-7 7"/>',
  down: '<path d="m6 9.5 6 6 6-6"/>',
  more: '<circle cx="5.5" cy="12" r="1.2"/><circle cx="12" cy="12" r="1.2"/><circle cx="18.5" cy="12" r="1.2"/>',
  wind: '<path d="M3 8.5h10.5a2.8 2.8 0 1 0-2.8-2.8M3 12.5h15a3 3 0 1 1-3 3M3 16.5h7"/>',
  wave: '<path d="M2.5 10c2.4 0 2.4-2 4.8-2s2.4 2 4.7 2 2.4-2 4.7-2 2.4 2 4.8 2M2.5 16c2.4 0 2.4-2 4.8-2s2.4 2 4.7 2 2.4-2 4.7-2 2.4 2 4.8 2"/>',
  swell: '<path d="M2.5 15.5c3 0 3.5-7 7.5-7 3.2 0 3.2 4 6 4 2 0 2.5-1.5 5.5-1.5"/><path d="M2.5 20h19"/>',
  period: '<circle cx="12" cy="13" r="7.5"/><path d="M12 9v4l2.5 2M10 2.5h4"/>',
  thermometer: '<path d="M14 14.6V5a2 2 0 0 0-4 0v9.6a4 4 0 1 0 4 0z"/><path d="M12 10v7"/>',
  pressure: '<path d="M4.2 17a8.5 8.5 0 1 1 15.6 0"/><path d="m12 13.5 3.5-4"/><circle cx="12" cy="13.5" r="1.3"/>',
  moon: '<path d="M19.5 14.8A7.8 7.8 0 1 1 9.2 4.5a6.2 6.2 0 0 0 10.3 10.3z"/>',
  sunrise: '<path d="M4 18.5a8 8 0 0 1 16 0M2 18.5h20M12 3v6M9 6l3-3 3 3"/>',
  sunset: '<path d="M4 18.5a8 8 0 0 1 16 0M2 18.5h20M12 3v6M9 6l3 3 3-3"/>',
  moonrise:
    '<path d="M16.5 17.5a5 5 0 1 1-6.8-6.3 4 4 0 0 0 6.8 6.3zM2 21h20"/><path d="M17 3v5M14.8 5.2 17 3l2.2 2.2"/>',
  moonset:
    '<path d="M16.5 17.5a5 5 0 1 1-6.8-6.3 4 4 0 0 0 6.8 6.3zM2 21h20"/><path d="M17 3v5M14.8 5.8 17 8l2.2-2.2"/>',
  fish: '<path d="M2.5 12c3-4.5 8.5-6.3 13.5-3.3L20.5 5v14L16 15.3c-5 3-10.5 1.2-13.5-3.3z"/><circle cx="7.5" cy="11" r=".9"/>',
  weight: '<path d="M5.5 8.5h13l2 12h-17z"/><circle cx="12" cy="5.5" r="2.2"/>',
  ruler: '<path d="m3.5 15.5 12-12 5 5-12 12z"/><path d="m7 12 2 2M10 9l1.5 1.5M13 6l2 2"/>',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>',
  clock: '<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>',
  rod: '<path d="M4 21 19 3"/><path d="M7.5 17a2.5 2.5 0 1 0 3.5-1"/><path d="M19 3c1.5 5 1.5 11-1 16.5"/>',
  reel: '<circle cx="12" cy="12" r="6.5"/><circle cx="12" cy="12" r="2"/><path d="M18.5 12h3M4 19l3-2.5"/>',
  line: '<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="4.5"/><circle cx="12" cy="12" r="1"/>',
  lure: '<path d="M3 12c2.5-3.5 8-4.5 12.5-2.5L19 8v8l-3.5-1.5C11 16.5 5.5 15.5 3 12z"/><path d="M19 12h2.5M9 15.5v3l-1.5 1.5M9 18.5l1.5 1.5"/>',
  filter:
    '<path d="M4 6.5h9M17 6.5h3M4 12h3M11 12h9M4 17.5h11M19 17.5h1"/><circle cx="15" cy="6.5" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="17.5" r="2"/>',
  locate:
    '<circle cx="12" cy="12" r="6.5"/><circle cx="12" cy="12" r="2" fill="currentColor"/><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3"/>',
  layers: '<path d="m12 3.5 9 5-9 5-9-5z"/><path d="m3 13 9 5 9-5"/>',
  camera:
    '<path d="M4 7.5h3.5L9 5h6l1.5 2.5H20a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8.5a1 1 0 0 1 1-1z"/><circle cx="12" cy="13.5" r="3.8"/>',
  grid: '<rect x="4" y="4" width="6.5" height="6.5" rx="1"/><rect x="13.5" y="4" width="6.5" height="6.5" rx="1"/><rect x="4" y="13.5" width="6.5" height="6.5" rx="1"/><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1"/>',
  edit: '<path d="M15.5 4.5l4 4L9 19H5v-4z"/>',
  check: '<path d="m5 12.5 4.5 4.5L19 7.5"/>',
  star: '<path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"/>',
  share:
    '<path d="M12 3.5v12M7.5 8 12 3.5 16.5 8"/><path d="M5 12.5V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-6.5"/>',
  sun: '<circle cx="12" cy="12" r="4"/><path d="M12 2.5v2.2M12 19.3v2.2M2.5 12h2.2M19.3 12h2.2M5.3 5.3l1.5 1.5M17.2 17.2l1.5 1.5M5.3 18.7l1.5-1.5M17.2 6.8l1.5-1.5"/>',
  cloudSun:
    '<path d="M8.5 2.5v1.8M3.3 4.8l1.3 1.3M2 10h1.8M13.7 4.8l-1.3 1.3"/><path d="M5.4 12.2a4 4 0 1 1 7.2-3.3"/><path d="M9.5 20.5h8.5a3.5 3.5 0 0 0 .4-7 5.5 5.5 0 0 0-10.6 1.6 2.8 2.8 0 0 0 1.7 5.4z"/>',
  cloud: '<path d="M7 19.5h10.5a4 4 0 0 0 .5-8 6 6 0 0 0-11.6 1.8A3.2 3.2 0 0 0 7 19.5z"/>',
  tide: '<path d="M2.5 14c2.4 0 2.4-2 4.8-2s2.4 2 4.7 2 2.4-2 4.7-2 2.4 2 4.8 2M2.5 19c2.4 0 2.4-2 4.8-2s2.4 2 4.7 2 2.4-2 4.7-2 2.4 2 4.8 2"/><path d="M12 3v6M9 6l3-3 3 3"/>',
} as const;

export type IconName = keyof typeof paths;

/** An inline SVG icon drawn with currentColor. */
export function icon(name: IconName, size = 24, stroke = 1.9, extra = ''): string {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round" ${extra}>${paths[name]}</svg>`;
}

/** The same icon filled with currentColor (for active states such as a liked heart). */
export function solidIcon(name: IconName, size = 24): string {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" stroke-width="1.2" stroke-linejoin="round">${paths[name]}</svg>`;
}
