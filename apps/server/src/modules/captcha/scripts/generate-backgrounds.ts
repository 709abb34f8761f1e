/**
 * Generates the captcha backgrounds in apps/server/assets/captcha/backgrounds/ (committed).
 *
 *   node --import tsx apps/server/src/modules/captcha/scripts/generate-backgrounds.ts
 *
 * Every image is a procedural landscape drawn as SVG (gradients, layered ridges, fog, texture) and
 * rasterised by sharp, seeded so the output is reproducible. They are our own work, so the project may
 * ship them freely. Size 372×186 = 1.2 × 310×155, so each challenge can crop, flip and jitter a
 * different 310×155 window (see captcha.images.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 372;
const H = 186;
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../assets/captcha/backgrounds');

type Rng = () => number;
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ridge line by midpoint displacement: points across the width around `base` (px from top). */
function ridge(rng: Rng, base: number, roughness: number, amplitude: number): Array<[number, number]> {
  const n = 64;
  const ys = new Array<number>(n + 1).fill(0);
  ys[0] = (rng() - 0.5) * amplitude;
  ys[n] = (rng() - 0.5) * amplitude;
  for (let step = n; step > 1; step /= 2) {
    for (let i = step / 2; i < n; i += step) {
      ys[i] = (ys[i - step / 2] + ys[i + step / 2]) / 2 + (rng() - 0.5) * amplitude * (step / n) * roughness * 2;
    }
  }
  return ys.map((y, i) => [(i / n) * W, base + y]);
}

function ridgePath(points: Array<[number, number]>, bottom = H): string {
  return `M0 ${bottom} ` + points.map(([x, y]) => `L${x.toFixed(1)} ${y.toFixed(1)}`).join(' ') + ` L${W} ${bottom} Z`;
}

const mix = (a: string, b: string, t: number): string => {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return '#' + pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('');
};

const defs = (extra = '') => `<defs>
  <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="blur2"><feGaussianBlur stdDeviation="2"/></filter>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3" result="n"/>
    <feColorMatrix type="saturate" values="0"/>
    <feComponentTransfer><feFuncA type="linear" slope="0.10"/></feComponentTransfer>
  </filter>
  <filter id="clouds" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.012 0.04" numOctaves="4" seed="7"/>
    <feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1.6 -0.75"/>
  </filter>
  ${extra}
</defs>`;

const grain = `<rect width="${W}" height="${H}" filter="url(#grain)"/>`;
const sky = (id: string, stops: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** Layered mountains from far (pale, near the sky colour) to near (dark), optionally over a lake. */
function mountains(seed: number, skyStops: string[], far: string, near: string, sun: { x: number; y: number; r: number; color: string } | null, lake: boolean, snow = false): string {
  const rng = mulberry32(seed);
  const layers = 4;
  const horizon = lake ? 128 : H;
  let body = '';
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = 70 + i * 17 + rng() * 8;
    const pts = ridge(rng, base, 1.1, 110 - i * 18);
    body += `<path d="${ridgePath(pts, horizon)}" fill="${mix(far, near, t)}"/>`;
    if (snow && i === 0) {
      body += `<path d="${ridgePath(pts.map(([x, y]) => [x, y]), horizon)}" fill="#ffffff" opacity="0.55" clip-path="url(#snowclip${seed})"/>`;
    }
    if (i < layers - 1) body += `<rect y="${base - 10}" width="${W}" height="40" fill="${mix(far, '#ffffff', 0.4)}" opacity="0.25" filter="url(#soft)"/>`;
  }
  const sunSvg = sun
    ? `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r * 3}" fill="${sun.color}" opacity="0.25" filter="url(#soft)"/><circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${sun.color}"/>`
    : '';
  const lakeSvg = lake
    ? `<g transform="translate(0 ${2 * horizon}) scale(1 -1)" opacity="0.55">${sunSvg}${body}</g>
       <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${mix(skyStops[skyStops.length - 1], near, 0.5)}" opacity="0.45"/>
       ${Array.from({ length: 18 }, () => `<rect x="${(rng() * W).toFixed(0)}" y="${(horizon + 4 + rng() * (H - horizon)).toFixed(0)}" width="${(20 + rng() * 60).toFixed(0)}" height="1" fill="#ffffff" opacity="0.25"/>`).join('')}`
    : '';
  const snowClip = snow ? `<clipPath id="snowclip${seed}"><rect width="${W}" height="92"/></clipPath>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', skyStops) + snowClip)}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect width="${W}" height="${H * 0.55}" filter="url(#clouds)" opacity="0.55"/>
    ${sunSvg}${body}${lakeSvg}${grain}</svg>`;
}

function hills(seed: number, skyStops: string[], colors: string[], trees: string): string {
  const rng = mulberry32(seed);
  let body = '';
  colors.forEach((c, i) => {
    const base = 95 + i * 22;
    const pts = ridge(rng, base, 0.5, 40);
    body += `<path d="${ridgePath(pts)}" fill="${c}"/>`;
    const count = 6 + i * 4;
    for (let k = 0; k < count; k++) {
      const [x, y] = pts[Math.floor(rng() * pts.length)];
      const s = 4 + i * 3 + rng() * 3;
      body += `<ellipse cx="${x.toFixed(1)}" cy="${(y - s * 0.6).toFixed(1)}" rx="${(s * 0.7).toFixed(1)}" ry="${s.toFixed(1)}" fill="${mix(trees, '#000000', 0.15 * i)}"/>`;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', skyStops))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect width="${W}" height="${H * 0.6}" filter="url(#clouds)" opacity="0.85"/>
    ${body}${grain}</svg>`;
}

function dunes(seed: number): string {
  const rng = mulberry32(seed);
  const colors = ['#e9b872', '#d99a55', '#c47f3e', '#a86431'];
  let body = '';
  colors.forEach((c, i) => {
    const pts = ridge(rng, 100 + i * 22, 0.35, 50);
    body += `<path d="${ridgePath(pts)}" fill="${c}"/>`;
    body += `<path d="${ridgePath(pts.map(([x, y]) => [x + 18, y + 5]))}" fill="#000000" opacity="0.08"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', ['#2f6db5', '#8fc2e8', '#f5dfb8']))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="290" cy="40" r="16" fill="#fff6d6"/><circle cx="290" cy="40" r="40" fill="#fff1c0" opacity="0.35" filter="url(#soft)"/>
    ${body}${grain}</svg>`;
}

function seaside(seed: number, skyStops: string[], sea: string, sun: string): string {
  const rng = mulberry32(seed);
  const horizon = 100;
  let waves = '';
  for (let i = 0; i < 60; i++) {
    const y = horizon + 3 + Math.pow(rng(), 1.4) * (H - horizon);
    waves += `<rect x="${(rng() * W).toFixed(0)}" y="${y.toFixed(0)}" width="${(10 + (y - horizon) * 0.8 * rng()).toFixed(0)}" height="${y > 150 ? 2 : 1}" fill="#ffffff" opacity="${(0.2 + rng() * 0.3).toFixed(2)}"/>`;
  }
  const beach = ridgePath(ridge(rng, 165, 0.4, 18));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', skyStops) + sky('sea', [sea, mix(sea, '#001020', 0.45)]))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect width="${W}" height="${H * 0.5}" filter="url(#clouds)" opacity="0.7"/>
    <circle cx="120" cy="${horizon - 18}" r="50" fill="${sun}" opacity="0.35" filter="url(#soft)"/>
    <circle cx="120" cy="${horizon - 18}" r="14" fill="${sun}"/>
    <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>
    <rect x="100" y="${horizon}" width="40" height="${H - horizon}" fill="${sun}" opacity="0.25" filter="url(#soft)"/>
    ${waves}
    <path d="${beach}" fill="#e8d3a6"/>
    ${grain}</svg>`;
}

function forest(seed: number, skyStops: string[], fog: string, tree: string): string {
  const rng = mulberry32(seed);
  let body = '';
  for (let layer = 0; layer < 4; layer++) {
    const color = mix(fog, tree, 0.3 + layer * 0.23);
    const baseY = 105 + layer * 22;
    let trees = '';
    for (let x = -10; x < W + 10; x += 9 + rng() * 10 - layer) {
      const h = 35 + rng() * 30 + layer * 10;
      const w = h * (0.28 + rng() * 0.08);
      const y = baseY + rng() * 8;
      trees += `<path d="M${x.toFixed(1)} ${(y - h).toFixed(1)} L${(x + w / 2).toFixed(1)} ${y.toFixed(1)} L${(x - w / 2).toFixed(1)} ${y.toFixed(1)} Z"/>`;
    }
    body += `<g fill="${color}">${trees}<rect y="${baseY}" width="${W}" height="${H}"/></g>`;
    body += `<rect y="${baseY - 20}" width="${W}" height="30" fill="${fog}" opacity="0.45" filter="url(#soft)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', skyStops))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="80" cy="50" r="45" fill="#ffffff" opacity="0.35" filter="url(#soft)"/>
    ${body}${grain}</svg>`;
}

function night(seed: number): string {
  const rng = mulberry32(seed);
  let stars = '';
  for (let i = 0; i < 140; i++) {
    stars += `<circle cx="${(rng() * W).toFixed(1)}" cy="${(rng() * 120).toFixed(1)}" r="${(0.3 + rng() * 0.9).toFixed(2)}" fill="#ffffff" opacity="${(0.4 + rng() * 0.6).toFixed(2)}"/>`;
  }
  let body = '';
  ['#2b3560', '#1d2546', '#121831'].forEach((c, i) => {
    body += `<path d="${ridgePath(ridge(rng, 110 + i * 20, 1, 70 - i * 15))}" fill="${c}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', ['#070b24', '#1b2a5c', '#46508a']) + sky('aurora', ['#4cf2b0', '#2d8fd5']))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}
    <path d="M0 70 C 80 20, 160 90, 240 40 S 360 30, 372 60 L372 95 C 300 70, 220 120, 140 80 S 40 100, 0 110 Z" fill="url(#aurora)" opacity="0.35" filter="url(#soft)"/>
    <circle cx="300" cy="38" r="13" fill="#fdf6dc"/><circle cx="294" cy="34" r="12" fill="#1b2a5c" opacity="0.0"/>
    <circle cx="300" cy="38" r="34" fill="#fdf6dc" opacity="0.2" filter="url(#soft)"/>
    ${body}${grain}</svg>`;
}

function city(seed: number): string {
  const rng = mulberry32(seed);
  let back = '';
  let front = '';
  for (let x = -5; x < W; ) {
    const w = 14 + rng() * 26;
    const h = 30 + rng() * 70;
    back += `<rect x="${x.toFixed(1)}" y="${(H - 30 - h).toFixed(1)}" width="${w.toFixed(1)}" height="${(h + 30).toFixed(1)}" fill="#3a3f6b"/>`;
    x += w + 1;
  }
  for (let x = -5; x < W; ) {
    const w = 18 + rng() * 30;
    const h = 25 + rng() * 60;
    const top = H - h;
    front += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="#1e2140"/>`;
    for (let wy = top + 5; wy < H - 4; wy += 7) {
      for (let wx = x + 3; wx < x + w - 4; wx += 6) {
        if (rng() < 0.45) front += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="3" height="4" fill="${rng() < 0.7 ? '#ffd98a' : '#a8d8ff'}" opacity="${(0.6 + rng() * 0.4).toFixed(2)}"/>`;
      }
    }
    x += w + 2 + rng() * 4;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', ['#1d2b64', '#7a4f8f', '#f4a261']))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect width="${W}" height="${H * 0.5}" filter="url(#clouds)" opacity="0.35"/>
    ${back}${front}${grain}</svg>`;
}

function lavender(seed: number): string {
  const rng = mulberry32(seed);
  let rows = '';
  const vx = 190;
  const vy = 92;
  for (let i = -14; i <= 14; i++) {
    const bx = vx + i * 34;
    rows += `<path d="M${vx} ${vy} L${bx - 9} ${H} L${bx + 9} ${H} Z" fill="${i % 2 ? '#7b4fa6' : '#9466c0'}"/>`;
  }
  let trees = '';
  for (let k = 0; k < 3; k++) {
    const x = 40 + rng() * 300;
    trees += `<ellipse cx="${x.toFixed(0)}" cy="${(84 + rng() * 4).toFixed(0)}" rx="${(8 + rng() * 6).toFixed(0)}" ry="10" fill="#3d5a2a"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', ['#5b8fd1', '#b9d3ee', '#f7e3c6']))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect width="${W}" height="${H * 0.5}" filter="url(#clouds)" opacity="0.9"/>
    <path d="${ridgePath(ridge(rng, 88, 0.6, 12))}" fill="#6f8f5a"/>
    ${trees}
    <rect y="${vy}" width="${W}" height="${H - vy}" fill="#5d3b83"/>
    ${rows}
    <rect y="${vy}" width="${W}" height="14" fill="#c9b3e6" opacity="0.35" filter="url(#blur2)"/>
    ${grain}</svg>`;
}

function palms(seed: number): string {
  const rng = mulberry32(seed);
  const palm = (x: number, h: number, lean: number) => {
    const topX = x + lean;
    const topY = H - h;
    let leaves = '';
    for (let a = -160; a <= -20; a += 20 + rng() * 10) {
      const rad = (a * Math.PI) / 180;
      const len = 26 + rng() * 12;
      const ex = topX + Math.cos(rad) * len;
      const ey = topY + Math.sin(rad) * len * 0.6 + 12;
      leaves += `<path d="M${topX} ${topY} Q ${(topX + ex) / 2} ${Math.min(topY, ey) - 12} ${ex.toFixed(1)} ${ey.toFixed(1)}" stroke="#1f3b2a" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    }
    return `<path d="M${x} ${H} Q ${x + lean * 0.2} ${H - h / 2} ${topX} ${topY}" stroke="#3b2f25" stroke-width="5" fill="none"/>${leaves}`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs(sky('sky', ['#ff9a62', '#ffc58a', '#ffe3b3']) + sky('sea', ['#3f7fa8', '#1f4b6e']))}
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="240" cy="92" r="22" fill="#fff0c8"/><circle cx="240" cy="92" r="60" fill="#fff0c8" opacity="0.3" filter="url(#soft)"/>
    <rect y="100" width="${W}" height="${H - 100}" fill="url(#sea)"/>
    <rect x="222" y="100" width="36" height="60" fill="#ffe0a0" opacity="0.35" filter="url(#soft)"/>
    <path d="${ridgePath(ridge(rng, 160, 0.3, 10))}" fill="#d8b98a"/>
    ${palm(60, 120, 25)}${palm(100, 95, -10)}${palm(330, 110, -30)}${grain}</svg>`;
}

const images: Array<[string, string]> = [
  ['01-sunrise-lake', mountains(11, ['#f7a072', '#f9c98a', '#fde9c9'], '#d8a7a0', '#3d3b5a', { x: 250, y: 88, r: 15, color: '#fff2c8' }, true)],
  ['02-green-hills', hills(22, ['#4a90d9', '#a7d3f5', '#e8f4fb'], ['#8cc26b', '#6aa84f', '#4d8a3a', '#3a6e2b'], '#2f5d2a')],
  ['03-desert-dunes', dunes(33)],
  ['04-night-aurora', night(44)],
  ['05-sea-morning', seaside(55, ['#6fa8dc', '#bcd9f0', '#fbe7c6'], '#3d85b8', '#fff4d0')],
  ['06-misty-forest', forest(66, ['#9fb8c9', '#d6e2ea', '#eef3f5'], '#dfe8ec', '#1e3a2f')],
  ['07-autumn-hills', hills(77, ['#5a7fbf', '#bcd0ea', '#f6e7d3'], ['#e0a458', '#c97b3a', '#a85a2a', '#7d3f22'], '#8a3b1f')],
  ['08-snow-peaks', mountains(88, ['#3f72af', '#8fb8e3', '#dbe9f6'], '#c5d6e8', '#24344d', null, false, true)],
  ['09-city-dusk', city(99)],
  ['10-lavender', lavender(110)],
  ['11-palm-sunset', palms(121)],
  ['12-evening-lake', mountains(132, ['#2e3a6e', '#8a5a8c', '#f29e6d'], '#a07a9a', '#1f1d33', { x: 110, y: 98, r: 12, color: '#ffd59a' }, true)],
  ['13-sea-sunset', seaside(143, ['#43306b', '#c0587e', '#f8b26a'], '#5c4a7a', '#ffd08a')],
  ['14-pine-valley', forest(154, ['#f3c9a2', '#f8e1c6', '#fbeee0'], '#f4dcc4', '#2d3b2a')],
];

fs.mkdirSync(OUT, { recursive: true });
for (const [name, svg] of images) {
  const file = path.join(OUT, `${name}.jpg`);
  await sharp(Buffer.from(svg)).jpeg({ quality: 90, mozjpeg: true }).toFile(file);
  console.log(file, fs.statSync(file).size);
}
