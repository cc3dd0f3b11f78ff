// Generates the site's image assets: the six gallery placeholders (stylised custom-PC product
// shots) and the PWA / touch icons drawn from public/logo.svg.
//
//   node scripts/make-images.mjs            (or: npm run images)
//   PREVIEW_DIR=/tmp/preview node scripts/make-images.mjs   also writes PNG decodes to look at
//
// Everything is drawn procedurally on <canvas> in the system Chromium (through Playwright): no
// network, no downloads. Random choices come from a seeded generator, so re-running the script
// gives the same pictures. Real photos can later replace public/gallery/build-N.webp one for one.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { launchOptions } from './chromium.mjs';

const root = new URL('../', import.meta.url);
const at = (path) => new URL(path, root);

const GALLERY_WIDTH = 960;
const GALLERY_HEIGHT = 640;
const GALLERY_MAX_BYTES = 58 * 1024; // the brief says "under ~60 KB"; keep a little headroom

// --------------------------------------------------------------------------------------------
// The six builds. Sizes are in millimetres; x runs from the glass side (0) to the back of the
// motherboard tray, y up from the floor, z from the front panel (0) to the rear panel (D).
// --------------------------------------------------------------------------------------------
const BUILDS = [
  {
    // Compact mini-ITX, deep-green case, gold lighting, 240 mm AIO.
    file: 'build-1.webp',
    seed: 101,
    dims: { W: 200, H: 350, D: 380, yb: 16 },
    behind: 22,
    cam: { yaw: 38, el: 18, cx: 0.5 },
    light: '#ffb92e',
    backdrop: '#0b1410',
    lightScale: 0.75,
    caseColor: '#0f3a25',
    interior: '#0d1a13',
    frit: '#08110c',
    mb: { w: 170, h: 170, rear: 18, top: 26, cpu: [92, 76], pcb: '#101412', ram: 2, ramSlots: 2 },
    heatsink: '#2b2f2c',
    ram: { color: '#24221c', bar: '#ffcf5a' },
    shroud: { h: 58, z0: 40 },
    front: {
      type: 'mesh',
      fans: [
        { s: 140, y: 118 },
        { s: 140, y: 262 },
      ],
    },
    cooler: { type: 'aio', fans: 2, size: 120, rx0: 16, rz0: 44 },
    rearFan: { s: 92, y: 262 },
    gpus: [{ type: 'open', len: 245, h: 118, T: 44, fromMbBottom: 14, fans: 2, color: '#1d2120' }],
    cable: '#111312',
    combs: '#caa03a',
    no24: true,
  },
  {
    // Full-tower workstation, gunmetal case, green accents, big air cooler, eight DIMMs.
    file: 'build-2.webp',
    seed: 202,
    dims: { W: 245, H: 560, D: 540, yb: 22 },
    behind: 26,
    cam: { yaw: 29, el: 18, cx: 0.5 },
    light: '#3ce65a',
    backdrop: '#0a0f0d',
    caseColor: '#4a5057',
    interior: '#15181b',
    frit: '#0c0e10',
    mb: { w: 272, h: 330, rear: 24, top: 52, cpu: [150, 100], pcb: '#15171a', ram: 8, both: true },
    heatsink: '#3a3e44',
    ram: { color: '#2a2e33', bar: '#7dff8f' },
    shroud: { h: 136, z0: 50 },
    front: {
      type: 'solid',
      fans: [
        { s: 140, y: 180 },
        { s: 140, y: 330 },
        { s: 140, y: 480 },
      ],
    },
    cooler: { type: 'air', size: 140, dual: true },
    bottomFans: { n: 3, s: 140 },
    rearFan: { s: 140, y: 420 },
    topFans: { n: 2, s: 140 },
    gpus: [
      { type: 'open', len: 330, h: 136, T: 62, slot: 0, fans: 3, color: '#25292e' },
      { type: 'card', len: 168, h: 80, T: 18, slot: 4, color: '#17191c' },
    ],
    cable: '#121416',
    combs: '#3ce65a',
  },
  {
    // White gaming build: white case, 360 AIO, vertically mounted GPU, white lighting.
    file: 'build-3.webp',
    seed: 303,
    dims: { W: 235, H: 480, D: 455, yb: 20 },
    behind: 24,
    cam: { yaw: 34, el: 18, cx: 0.5 },
    light: '#eef4ff',
    backdrop: '#101214',
    caseColor: '#e4e7ea',
    interior: '#d9dde1',
    frit: '#e9ecef',
    white: true,
    lightScale: 0.6,
    mb: { w: 244, h: 305, rear: 24, top: 28, cpu: [122, 88], pcb: '#e3e6e9', ram: 4 },
    heatsink: '#f1f3f5',
    ram: { color: '#eef0f2', bar: '#ffffff' },
    shroud: { h: 100, z0: 46 },
    front: {
      type: 'glass',
      fans: [
        { s: 120, y: 165 },
        { s: 120, y: 292 },
        { s: 120, y: 419 },
      ],
    },
    cooler: { type: 'aio', fans: 3, size: 120, rx0: 18, rz0: 34 },
    rearFan: { s: 120, y: 345 },
    gpus: [{ type: 'vertical', len: 315, h: 132, T: 56, color: '#eceef0' }],
    cable: '#eef0f2',
    combs: '#c9ced3',
  },
  {
    // Custom water-cooled build: dark titanium case, teal coolant, hard tubing.
    file: 'build-4.webp',
    seed: 404,
    dims: { W: 235, H: 480, D: 460, yb: 20 },
    behind: 24,
    cam: { yaw: 31, el: 18, cx: 0.5 },
    light: '#22e8d5',
    backdrop: '#091012',
    caseColor: '#38424a',
    interior: '#121518',
    frit: '#0b0d0f',
    mb: { w: 244, h: 305, rear: 24, top: 28, cpu: [122, 88], pcb: '#131517', ram: 4 },
    heatsink: '#30353b',
    ram: { color: '#1f2326', bar: '#5ff6ea' },
    shroud: { h: 100, z0: 46 },
    front: { type: 'solid', strips: 'sides', fans: [] },
    cooler: { type: 'loop', fans: 3, size: 120, rx0: 18, rz0: 34 },
    rearFan: { s: 120, y: 340 },
    gpus: [{ type: 'block', len: 285, h: 122, T: 26, slot: 0, color: '#1a1d20' }],
    cable: '#101214',
    combs: '#22e8d5',
  },
  {
    // Budget all-rounder: black mid-tower, mesh front, red fans, tower air cooler.
    file: 'build-5.webp',
    seed: 505,
    dims: { W: 215, H: 460, D: 430, yb: 18 },
    behind: 22,
    cam: { yaw: 36, el: 18, cx: 0.5 },
    light: '#ff2b2b',
    backdrop: '#110b0b',
    caseColor: '#17181a',
    interior: '#111214',
    frit: '#0a0a0b',
    mb: { w: 244, h: 280, rear: 22, top: 26, cpu: [120, 86], pcb: '#121315', ram: 2, ramSlots: 4 },
    heatsink: '#24272b',
    ram: { color: '#1a1b1e', bar: '#ff4a4a' },
    shroud: { h: 92, z0: 42 },
    front: {
      type: 'mesh',
      fans: [
        { s: 120, y: 150 },
        { s: 120, y: 274 },
        { s: 120, y: 398 },
      ],
    },
    cooler: { type: 'air', size: 120 },
    rearFan: { s: 120, y: 360 },
    gpus: [{ type: 'open', len: 245, h: 115, T: 42, slot: 0, fans: 2, color: '#202225' }],
    cable: '#0f1011',
    combs: '#2a2b2e',
  },
  {
    // Dual-GPU render workstation: silver full tower, purple lighting, 360 AIO, two blower GPUs.
    file: 'build-6.webp',
    seed: 606,
    dims: { W: 240, H: 540, D: 520, yb: 22 },
    behind: 26,
    cam: { yaw: 28, el: 18, cx: 0.5 },
    light: '#a453ff',
    backdrop: '#0d0a12',
    caseColor: '#8e949b',
    interior: '#141419',
    frit: '#0c0c10',
    mb: { w: 272, h: 330, rear: 24, top: 30, cpu: [140, 92], pcb: '#141519', ram: 4 },
    heatsink: '#34363d',
    ram: { color: '#26262d', bar: '#c58cff' },
    shroud: { h: 108, z0: 50 },
    front: {
      type: 'mesh',
      fans: [
        { s: 140, y: 190 },
        { s: 140, y: 340 },
        { s: 140, y: 470 },
      ],
    },
    cooler: { type: 'aio', fans: 3, size: 120, rx0: 18, rz0: 40 },
    rearFan: { s: 140, y: 390 },
    bottomFans: { n: 3, s: 120 },
    gpus: [
      { type: 'blower', len: 267, h: 112, T: 38, slot: 0, color: '#1c1d22' },
      { type: 'blower', len: 267, h: 112, T: 38, slot: 3, color: '#1c1d22' },
    ],
    cable: '#111114',
    combs: '#a453ff',
  },
];

// PWA / touch icons: size, how much of the square the mark takes, and the background shape.
const ICONS = [
  { file: 'public/icons/icon-192.png', size: 192, mark: 0.7 },
  { file: 'public/icons/icon-512.png', size: 512, mark: 0.7 },
  // Maskable: full-bleed background, the mark's corners stay inside the 80% safe circle.
  { file: 'public/icons/maskable-512.png', size: 512, mark: 0.62 },
  { file: 'public/apple-touch-icon.png', size: 180, mark: 0.68 },
];

// --------------------------------------------------------------------------------------------
// Everything below pageLib() runs inside the browser page (it is injected as source text), so it
// must not use anything from this module's scope.
// --------------------------------------------------------------------------------------------
function pageLib() {
  const TAU = Math.PI * 2;
  const SS = 2; // render at twice the size, then scale down: cheap anti-aliasing

  // ---------------------------------------------------------------- small utilities
  function rng(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function canvas(w, h) {
    const c = document.createElement('canvas');
    c.width = Math.max(1, Math.ceil(w));
    c.height = Math.max(1, Math.ceil(h));
    return c;
  }
  const rgb = (c) => {
    if (Array.isArray(c)) return c;
    const n = parseInt(c.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  };
  const css = (c, a = 1) => {
    const [r, g, b] = rgb(c);
    return `rgba(${Math.round(r)},${Math.round(g)},${Math.round(b)},${Math.max(0, Math.min(1, a)).toFixed(3)})`;
  };
  const mix = (a, b, t) => rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t);
  const k = (c, f) => rgb(c).map((v) => Math.max(0, Math.min(255, v * f)));
  const lum = (c) => {
    const [r, g, b] = rgb(c);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  const WHITE = [255, 255, 255];
  const BLACK = [0, 0, 0];

  const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const addv = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
  const mul = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = (a, b) => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const norm = (a) => mul(a, 1 / Math.hypot(a[0], a[1], a[2]));
  const lerp = (a, b, t) => a + (b - a) * t;

  // 2D helpers (all texture drawing happens in millimetres)
  function rr(c, x, y, w, h, r) {
    c.beginPath();
    c.roundRect(x, y, w, h, Math.max(0, Math.min(r, w / 2, h / 2)));
  }
  function circ(c, x, y, r) {
    c.beginPath();
    c.arc(x, y, Math.max(0.01, r), 0, TAU);
  }
  function lin(c, x0, y0, x1, y1, stops) {
    const g = c.createLinearGradient(x0, y0, x1, y1);
    for (const [o, col] of stops) g.addColorStop(o, col);
    return g;
  }
  function radg(c, x, y, r0, r1, stops) {
    const g = c.createRadialGradient(x, y, Math.max(0, r0), x, y, Math.max(0.01, r1));
    for (const [o, col] of stops) g.addColorStop(o, col);
    return g;
  }

  // A texture is an albedo canvas plus an optional emissive canvas (added with 'lighter', never
  // shaded). draw(a, e, w, h) paints both in millimetre units.
  function tex(w, h, d, draw, emissive = true) {
    const A = canvas(w * d, h * d);
    const a = A.getContext('2d');
    a.scale(A.width / w, A.height / h);
    let E = null;
    let e = null;
    if (emissive) {
      E = canvas(A.width, A.height);
      e = E.getContext('2d');
      e.scale(A.width / w, A.height / h);
    }
    draw(a, e, w, h);
    return { albedo: A, emit: E };
  }

  // ---------------------------------------------------------------- projection & warping
  function makeView(pos, target) {
    const f = norm(sub(target, pos));
    const r = norm(cross([0, 1, 0], f));
    const u = cross(f, r);
    return {
      pos,
      f,
      r,
      u,
      s: 1,
      ox: 0,
      oy: 0,
      mirror: false,
      project(p) {
        const q = this.mirror ? [p[0], -p[1], p[2]] : p;
        const dd = sub(q, this.pos);
        const z = dot(dd, this.f);
        return [
          this.ox + (this.s * dot(dd, this.r)) / z,
          this.oy - (this.s * dot(dd, this.u)) / z,
          z,
        ];
      },
    };
  }

  // Homography taking the four screen points to the texture's corners.
  function homography(src, dst) {
    const A = [];
    const b = [];
    for (let i = 0; i < 4; i++) {
      const [x, y] = src[i];
      const [u, v] = dst[i];
      A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
      b.push(u);
      A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
      b.push(v);
    }
    for (let c = 0; c < 8; c++) {
      let p = c;
      for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
      [A[c], A[p]] = [A[p], A[c]];
      [b[c], b[p]] = [b[p], b[c]];
      for (let r = 0; r < 8; r++) {
        if (r === c) continue;
        const f = A[r][c] / A[c][c];
        for (let j = c; j < 8; j++) A[r][j] -= f * A[c][j];
        b[r] -= f * b[c];
      }
    }
    return b.map((v, i) => v / A[i][i]);
  }

  const dataCache = new WeakMap();
  function texData(t) {
    let d = dataCache.get(t);
    if (!d) {
      d = t.getContext('2d').getImageData(0, 0, t.width, t.height).data;
      dataCache.set(t, d);
    }
    return d;
  }

  // Perspective-correct texture mapping of `t` onto the quad `pts` (screen coords relative to
  // the target canvas), bilinear sampling with premultiplied alpha.
  function warp(ctx, t, pts) {
    const W = ctx.canvas.width;
    const H = ctx.canvas.height;
    const tw = t.width;
    const th = t.height;
    const h = homography(pts, [
      [0, 0],
      [tw, 0],
      [tw, th],
      [0, th],
    ]);
    const src = texData(t);
    const img = ctx.createImageData(W, H);
    const out = img.data;
    for (let y = 0; y < H; y++) {
      const py = y + 0.5;
      for (let x = 0; x < W; x++) {
        const px = x + 0.5;
        const w = h[6] * px + h[7] * py + 1;
        const u = (h[0] * px + h[1] * py + h[2]) / w - 0.5;
        const v = (h[3] * px + h[4] * py + h[5]) / w - 0.5;
        if (u < -0.5 || v < -0.5 || u > tw - 0.5 || v > th - 0.5) continue;
        const x0 = Math.max(0, Math.min(tw - 1, Math.floor(u)));
        const y0 = Math.max(0, Math.min(th - 1, Math.floor(v)));
        const x1 = Math.min(tw - 1, x0 + 1);
        const y1 = Math.min(th - 1, y0 + 1);
        const fx = Math.max(0, Math.min(1, u - x0));
        const fy = Math.max(0, Math.min(1, v - y0));
        const i00 = (y0 * tw + x0) * 4;
        const i10 = (y0 * tw + x1) * 4;
        const i01 = (y1 * tw + x0) * 4;
        const i11 = (y1 * tw + x1) * 4;
        const w00 = (1 - fx) * (1 - fy) * src[i00 + 3];
        const w10 = fx * (1 - fy) * src[i10 + 3];
        const w01 = (1 - fx) * fy * src[i01 + 3];
        const w11 = fx * fy * src[i11 + 3];
        const a = w00 + w10 + w01 + w11;
        if (a <= 0) continue;
        const o = (y * W + x) * 4;
        out[o] = (src[i00] * w00 + src[i10] * w10 + src[i01] * w01 + src[i11] * w11) / a;
        out[o + 1] =
          (src[i00 + 1] * w00 + src[i10 + 1] * w10 + src[i01 + 1] * w01 + src[i11 + 1] * w11) / a;
        out[o + 2] =
          (src[i00 + 2] * w00 + src[i10 + 2] * w10 + src[i01 + 2] * w01 + src[i11 + 2] * w11) / a;
        out[o + 3] = a;
      }
    }
    ctx.putImageData(img, 0, 0);
  }

  // ---------------------------------------------------------------- scene primitives
  const KEY = norm([-0.55, 0.75, -0.4]); // direction towards the studio key light

  function face(p, n, mat) {
    return { kind: 'face', p, n, ...mat };
  }
  // Axis-aligned box; m holds materials for the faces the camera (or its reflection) can see:
  // nx (glass side), py (top), nz (front), ny (bottom). Each is { tex } or { color } (+ options).
  function box(items, x0, x1, y0, y1, z0, z1, m) {
    const common = m.all || {};
    const pick = (key) => {
      const v = m[key] === undefined ? (m.color ? { color: m.color } : null) : m[key];
      return v ? { ...common, ...v } : null;
    };
    const push = (p, n, mat) => mat && items.push(face(p, n, mat));
    const edges = () => {
      if (!m.hl) return;
      const e = (a, b, alpha) =>
        items.push({ kind: 'edge', a, b, w: m.hlw ?? 0.9, color: m.hl, alpha });
      e([x0, y1, z1], [x0, y1, z0], [0.15, 0.35, 0.5]);
      e([x0, y1, z0], [x0, y0, z0], [0.45, 0.25, 0.08]);
      e([x0, y1, z0], [x1, y1, z0], [0.45, 0.3, 0.1]);
    };
    push(
      [
        [x0, y1, z1],
        [x0, y1, z0],
        [x0, y0, z0],
        [x0, y0, z1],
      ],
      [-1, 0, 0],
      pick('nx'),
    );
    push(
      [
        [x1, y1, z1],
        [x1, y1, z0],
        [x0, y1, z0],
        [x0, y1, z1],
      ],
      [0, 1, 0],
      pick('py'),
    );
    push(
      [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y0, z0],
        [x0, y0, z0],
      ],
      [0, 0, -1],
      pick('nz'),
    );
    push(
      [
        [x0, y0, z1],
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
      ],
      [0, -1, 0],
      pick('ny'),
    );
    edges();
  }
  // Cylinder with its axis along x (pump heads, CPU blocks): side facets plus a textured cap.
  function cylX(items, x0, x1, cy, cz, r, side, cap, all = {}) {
    const n = 28;
    for (let i = 0; i < n; i++) {
      const a0 = (i / n) * TAU;
      const a1 = ((i + 1) / n) * TAU;
      const p = (x, a) => [x, cy + r * Math.sin(a), cz + r * Math.cos(a)];
      const am = (a0 + a1) / 2;
      items.push(
        face([p(x0, a0), p(x0, a1), p(x1, a1), p(x1, a0)], [0, Math.sin(am), Math.cos(am)], {
          ...all,
          color: side,
        }),
      );
    }
    items.push(
      face(
        [
          [x0, cy + r, cz + r],
          [x0, cy + r, cz - r],
          [x0, cy - r, cz - r],
          [x0, cy - r, cz + r],
        ],
        [-1, 0, 0],
        { ...all, ...cap },
      ),
    );
  }
  // Vertical cylinder (reservoir): side facets share one texture strip, optional top cap.
  function cylY(items, cx, cz, r, y0, y1, side, cap, all = {}) {
    const n = 32;
    for (let i = 0; i < n; i++) {
      const a0 = (i / n) * TAU;
      const a1 = ((i + 1) / n) * TAU;
      const p = (y, a) => [cx + r * Math.cos(a), y, cz + r * Math.sin(a)];
      const am = (a0 + a1) / 2;
      items.push(
        face([p(y1, a1), p(y1, a0), p(y0, a0), p(y0, a1)], [Math.cos(am), 0, Math.sin(am)], {
          ...all,
          ...side,
        }),
      );
    }
    if (cap) {
      items.push(
        face(
          [
            [cx + r, y1, cz + r],
            [cx + r, y1, cz - r],
            [cx - r, y1, cz - r],
            [cx - r, y1, cz + r],
          ],
          [0, 1, 0],
          { ...all, ...cap },
        ),
      );
    }
  }
  const bez = (c, t) => {
    const u = 1 - t;
    return [0, 1, 2].map(
      (i) =>
        u * u * u * c[0][i] +
        3 * u * u * t * c[1][i] +
        3 * u * t * t * c[2][i] +
        t * t * t * c[3][i],
    );
  };
  // Polyline with rounded corners (hard tubing).
  function filleted(pts, r) {
    const out = [pts[0]];
    for (let i = 1; i < pts.length - 1; i++) {
      const a = pts[i - 1];
      const b = pts[i];
      const c = pts[i + 1];
      const da = norm(sub(a, b));
      const dc = norm(sub(c, b));
      const la = Math.hypot(...sub(a, b));
      const lc = Math.hypot(...sub(c, b));
      const rr2 = Math.min(r, la / 2, lc / 2);
      const p0 = addv(b, mul(da, rr2));
      const p1 = addv(b, mul(dc, rr2));
      for (let j = 0; j <= 8; j++) {
        const t = j / 8;
        const u = 1 - t;
        out.push([0, 1, 2].map((q) => u * u * p0[q] + 2 * u * t * b[q] + t * t * p1[q]));
      }
    }
    out.push(pts[pts.length - 1]);
    // resample straight runs so the projection stays smooth
    const dense = [out[0]];
    for (let i = 1; i < out.length; i++) {
      const a = out[i - 1];
      const b = out[i];
      const n = Math.max(1, Math.ceil(Math.hypot(...sub(b, a)) / 12));
      for (let j = 1; j <= n; j++) dense.push(addv(a, mul(sub(b, a), j / n)));
    }
    return dense;
  }

  // ---------------------------------------------------------------- rendering
  function drawFace(ctx, view, f, env) {
    const c = [0, 1, 2].map((i) => (f.p[0][i] + f.p[1][i] + f.p[2][i] + f.p[3][i]) / 4);
    const nn = view.mirror ? [f.n[0], -f.n[1], f.n[2]] : f.n;
    const cc = view.mirror ? [c[0], -c[1], c[2]] : c;
    if (dot(nn, sub(view.pos, cc)) <= 0) return;
    const P = f.p.map((p) => view.project(p));
    if (P.some((p) => p[2] <= 1)) return;
    const W = ctx.canvas.width;
    const H = ctx.canvas.height;
    const bx = Math.max(0, Math.floor(Math.min(...P.map((p) => p[0]))) - 1);
    const by = Math.max(0, Math.floor(Math.min(...P.map((p) => p[1]))) - 1);
    const ex = Math.min(W, Math.ceil(Math.max(...P.map((p) => p[0]))) + 1);
    const ey = Math.min(H, Math.ceil(Math.max(...P.map((p) => p[1]))) + 1);
    const bw = ex - bx;
    const bh = ey - by;
    if (bw <= 0 || bh <= 0) return;
    const L = P.map((p) => [p[0] - bx, p[1] - by]);
    const A = canvas(bw, bh);
    const a = A.getContext('2d');
    if (f.tex) warp(a, f.tex.albedo, L);
    else {
      a.beginPath();
      L.forEach((p, i) => (i ? a.lineTo(p[0], p[1]) : a.moveTo(p[0], p[1])));
      a.closePath();
      a.fillStyle = css(f.color);
      a.fill();
    }
    if (!f.unlit) {
      // studio key light + ambient, darker inside the case
      let s = 0.34 + 0.66 * Math.max(0, dot(f.n, KEY));
      if (f.interior) s *= env.interiorK;
      s *= f.shade ?? 1;
      const g = f.grad || [1.06, 0.8];
      const t0 = [(L[0][0] + L[1][0]) / 2, (L[0][1] + L[1][1]) / 2];
      const t1 = [(L[2][0] + L[3][0]) / 2, (L[2][1] + L[3][1]) / 2];
      a.globalCompositeOperation = 'source-atop';
      const s0 = s * g[0];
      const s1 = s * g[1];
      a.fillStyle = lin(a, t0[0], t0[1], t1[0] + 0.01, t1[1] + 0.01, [
        [0, s0 < 1 ? css(BLACK, 1 - s0) : css(WHITE, (s0 - 1) * 0.5)],
        [1, s1 < 1 ? css(BLACK, 1 - s1) : css(WHITE, (s1 - 1) * 0.5)],
      ]);
      a.fillRect(0, 0, bw, bh);
      // coloured light from the RGB parts, only inside the case
      if (f.interior && env.lights.length) {
        const m = f.tex ? (f.lum ?? 0.45) : Math.max(0.3, lum(f.color));
        const Lc = canvas(bw, bh);
        const l = Lc.getContext('2d');
        l.globalCompositeOperation = 'lighter';
        let any = false;
        for (const li of env.lights) {
          const to = sub(li.p, c);
          const dist = Math.hypot(...to);
          if (dist > li.r * 1.6) continue;
          const wrap = Math.max(0, (dot(f.n, norm(to)) + 0.2) / 1.2);
          const w = li.i * wrap * m * (f.lightK ?? 1) * env.lightScale;
          if (w < 0.01) continue;
          const lp = view.project(li.p);
          const R = (li.r * view.s) / Math.max(10, lp[2]);
          l.fillStyle = radg(l, lp[0] - bx, lp[1] - by, 0, R, [
            [0, css(li.c, Math.min(1, w))],
            [0.3, css(li.c, w * 0.5)],
            [1, css(li.c, 0)],
          ]);
          l.fillRect(0, 0, bw, bh);
          any = true;
        }
        if (any) {
          l.globalCompositeOperation = 'destination-in';
          l.drawImage(A, 0, 0);
          a.globalCompositeOperation = 'lighter';
          a.drawImage(Lc, 0, 0);
        }
      }
    }
    ctx.globalAlpha = f.alpha ?? 1;
    ctx.drawImage(A, bx, by);
    ctx.globalAlpha = 1;
    const glow = env.glow;
    if (glow) {
      // what is drawn in front hides the glow behind it
      glow.globalCompositeOperation = 'destination-out';
      glow.globalAlpha = f.alpha ?? 1;
      glow.drawImage(A, bx, by);
      glow.globalAlpha = 1;
      glow.globalCompositeOperation = 'source-over';
    }
    if (f.tex && f.tex.emit) {
      const E = canvas(bw, bh);
      warp(E.getContext('2d'), f.tex.emit, L);
      for (const c2 of glow ? [ctx, glow] : [ctx]) {
        c2.globalCompositeOperation = 'lighter';
        c2.globalAlpha = f.emitK ?? 1;
        c2.drawImage(E, bx, by);
        c2.globalAlpha = 1;
        c2.globalCompositeOperation = 'source-over';
      }
    }
  }

  // Sleeved cables / heat pipes: bundles of round strands.
  function drawCable(ctx, view, it, glow) {
    const strands = it.strands
      .map((ctrl) => {
        const pts = [];
        for (let i = 0; i <= 32; i++) pts.push(view.project(bez(ctrl, i / 32)));
        const z = pts.reduce((s, p) => s + p[2], 0) / pts.length;
        return { pts, z };
      })
      .sort((p, q) => q.z - p.z);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const { pts, z } of strands) {
      const w = (2 * it.r * view.s) / z;
      const path = (dx, dy) => {
        ctx.beginPath();
        pts.forEach((p, i) =>
          i ? ctx.lineTo(p[0] + dx, p[1] + dy) : ctx.moveTo(p[0] + dx, p[1] + dy),
        );
      };
      path(0, 0);
      ctx.strokeStyle = css(k(it.color, 0.3));
      ctx.lineWidth = w * 1.08;
      ctx.stroke();
      if (glow) {
        glow.globalCompositeOperation = 'destination-out';
        glow.lineCap = 'round';
        glow.lineWidth = w * 1.08;
        glow.beginPath();
        pts.forEach((p, i) => (i ? glow.lineTo(p[0], p[1]) : glow.moveTo(p[0], p[1])));
        glow.stroke();
        glow.globalCompositeOperation = 'source-over';
      }
      ctx.strokeStyle = css(it.color);
      ctx.lineWidth = w * 0.78;
      ctx.stroke();
      path(-w * 0.12, -w * 0.18);
      ctx.strokeStyle = css(mix(it.color, WHITE, it.shine ?? 0.35), 0.55);
      ctx.lineWidth = w * 0.22;
      ctx.stroke();
    }
  }

  // Hard tubing: clear acrylic with glowing coolant.
  function drawTube(ctx, view, it, glow) {
    const pts = it.pts.map((p) => view.project(p));
    const z = pts.reduce((s, p) => s + p[2], 0) / pts.length;
    const w = (2 * it.r * view.s) / z;
    const path = (dx, dy) => {
      ctx.beginPath();
      pts.forEach((p, i) =>
        i ? ctx.lineTo(p[0] + dx, p[1] + dy) : ctx.moveTo(p[0] + dx, p[1] + dy),
      );
    };
    ctx.lineCap = 'butt';
    ctx.lineJoin = 'round';
    path(0, 0);
    ctx.strokeStyle = css(k(it.color, 0.25), 0.9);
    ctx.lineWidth = w;
    ctx.stroke();
    ctx.strokeStyle = css(k(it.color, 0.75), 0.95);
    ctx.lineWidth = w * 0.82;
    ctx.stroke();
    ctx.globalCompositeOperation = 'lighter';
    ctx.strokeStyle = css(it.color, 0.55);
    ctx.lineWidth = w * 0.45;
    ctx.stroke();
    if (glow) {
      glow.globalCompositeOperation = 'lighter';
      glow.lineJoin = 'round';
      glow.strokeStyle = css(it.color, 0.6);
      glow.lineWidth = w * 0.6;
      glow.beginPath();
      pts.forEach((p, i) => (i ? glow.lineTo(p[0], p[1]) : glow.moveTo(p[0], p[1])));
      glow.stroke();
      glow.globalCompositeOperation = 'source-over';
    }
    path(-w * 0.1, -w * 0.22);
    ctx.strokeStyle = css(WHITE, 0.35);
    ctx.lineWidth = w * 0.12;
    ctx.stroke();
    ctx.globalCompositeOperation = 'source-over';
  }

  function drawEdge(ctx, view, it) {
    if (view.mirror) return;
    const a = view.project(it.a);
    const b = view.project(it.b);
    const w = (it.w * view.s) / ((a[2] + b[2]) / 2);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.strokeStyle = lin(ctx, a[0], a[1], b[0], b[1], [
      [0, css(it.color, it.alpha[0])],
      [0.5, css(it.color, it.alpha[1])],
      [1, css(it.color, it.alpha[2])],
    ]);
    ctx.lineWidth = w;
    ctx.stroke();
  }

  function renderItems(ctx, view, items, env) {
    for (const it of items) {
      if (it.kind === 'face') drawFace(ctx, view, it, env);
      else if (it.kind === 'cable') drawCable(ctx, view, it, env.glow);
      else if (it.kind === 'tube') drawTube(ctx, view, it, env.glow);
      else if (it.kind === 'edge') drawEdge(ctx, view, it);
    }
  }

  // ---------------------------------------------------------------- component artwork
  function bladePath(c, cx, cy, r0, r1, a0, span) {
    const P = (r, t) => [cx + r * Math.cos(t), cy + r * Math.sin(t)];
    const sw = span * 0.62;
    c.beginPath();
    let p = P(r0, a0);
    c.moveTo(p[0], p[1]);
    let q = P((r0 + r1) * 0.56, a0 + sw * 0.2);
    p = P(r1, a0 + sw);
    c.quadraticCurveTo(q[0], q[1], p[0], p[1]);
    c.arc(cx, cy, r1, a0 + sw, a0 + sw + span * 0.5);
    q = P((r0 + r1) * 0.5, a0 + span * 0.78);
    p = P(r0, a0 + span * 0.62);
    c.quadraticCurveTo(q[0], q[1], p[0], p[1]);
    c.arc(cx, cy, r0, a0 + span * 0.62, a0, true);
    c.closePath();
  }

  // Fan seen face-on. o: { frame, blade, hub, light, glow, blades, rot, frosted, ringless }
  function drawFan(a, e, cx, cy, s, o) {
    const r = s * 0.455;
    const rh = s * 0.165;
    const frame = o.frame || '#141516';
    const blade = o.blade || '#1a1c1e';
    const n = o.blades || 9;
    const rot = o.rot || 0;
    a.save();
    rr(a, cx - s / 2, cy - s / 2, s, s, s * 0.07);
    a.fillStyle = lin(a, cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2, [
      [0, css(k(frame, 1.3))],
      [1, css(k(frame, 0.75))],
    ]);
    a.fill();
    for (const [dx, dy] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      circ(a, cx + dx * s * 0.405, cy + dy * s * 0.405, s * 0.04);
      a.fillStyle = css(k(frame, 0.55));
      a.fill();
      circ(a, cx + dx * s * 0.405, cy + dy * s * 0.405, s * 0.016);
      a.fillStyle = css(k(frame, 0.25));
      a.fill();
    }
    circ(a, cx, cy, r + s * 0.014);
    a.fillStyle = '#040505';
    a.fill();
    for (let i = 0; i < n; i++) {
      const a0 = rot + (i * TAU) / n;
      bladePath(a, cx, cy, rh * 0.92, r * 0.97, a0, TAU / n);
      a.fillStyle = radg(a, cx, cy, rh, r, [
        [0, css(k(blade, 0.85))],
        [1, css(k(blade, 1.35))],
      ]);
      a.fill();
      a.strokeStyle = css(mix(blade, WHITE, 0.25), 0.35);
      a.lineWidth = s * 0.004;
      a.stroke();
    }
    const hub = o.hub || frame;
    circ(a, cx, cy, rh);
    a.fillStyle = radg(a, cx - rh * 0.35, cy - rh * 0.35, 0, rh * 1.3, [
      [0, css(k(hub, 1.5))],
      [1, css(k(hub, 0.75))],
    ]);
    a.fill();
    circ(a, cx, cy, rh * 0.6);
    a.strokeStyle = css(mix(hub, WHITE, 0.3), 0.35);
    a.lineWidth = s * 0.006;
    a.stroke();
    circ(a, cx, cy, r + s * 0.014);
    a.strokeStyle = 'rgba(0,0,0,0.55)';
    a.lineWidth = s * 0.018;
    a.stroke();
    a.restore();
    if (e && o.light) {
      const Lc = o.light;
      const g = o.glow ?? 1;
      e.save();
      if (!o.ringless) {
        circ(e, cx, cy, r + s * 0.02);
        e.strokeStyle = css(Lc, 0.45 * g);
        e.lineWidth = s * 0.06;
        e.stroke();
        circ(e, cx, cy, r + s * 0.02);
        e.strokeStyle = css(mix(Lc, WHITE, 0.45), 0.95 * g);
        e.lineWidth = s * 0.02;
        e.stroke();
      }
      for (let i = 0; i < n; i++) {
        bladePath(e, cx, cy, rh * 0.92, r * 0.97, rot + (i * TAU) / n, TAU / n);
        e.fillStyle = radg(e, cx, cy, rh, r, [
          [0, css(Lc, (o.frosted ? 0.22 : 0.04) * g)],
          [1, css(Lc, (o.frosted ? 0.5 : 0.2) * g)],
        ]);
        e.fill();
      }
      if (o.hubRing) {
        circ(e, cx, cy, rh * 0.82);
        e.strokeStyle = css(mix(Lc, WHITE, 0.3), 0.8 * g);
        e.lineWidth = s * 0.012;
        e.stroke();
      }
      e.restore();
    }
  }

  // Fan seen edge-on: a w x h strip, `along` = 'u' when the fan's face spans the texture width.
  function drawFanEdge(a, e, x, y, w, h, o, along) {
    const frame = o.frame || '#141516';
    const thin = along === 'u' ? h : w;
    const rim = thin * 0.2;
    a.fillStyle = css(k(frame, 0.45));
    a.fillRect(x, y, w, h);
    a.fillStyle = css(k(frame, 1.1));
    if (along === 'u') {
      a.fillRect(x, y, w, rim);
      a.fillRect(x, y + h - rim, w, rim);
      a.fillStyle = css(k(frame, 0.6));
      a.fillRect(x + w * 0.1, y + rim, w * 0.8, h - 2 * rim);
    } else {
      a.fillRect(x, y, rim, h);
      a.fillRect(x + w - rim, y, rim, h);
      a.fillStyle = css(k(frame, 0.6));
      a.fillRect(x + rim, y + h * 0.1, w - 2 * rim, h * 0.8);
    }
    if (e && o.light) {
      const g = o.glow ?? 1;
      if (along === 'u') {
        e.fillStyle = lin(e, x, 0, x + w, 0, [
          [0, css(o.light, 0.1 * g)],
          [0.5, css(mix(o.light, WHITE, 0.3), 0.85 * g)],
          [1, css(o.light, 0.1 * g)],
        ]);
        e.fillRect(x + w * 0.04, y + h * 0.42, w * 0.92, h * 0.16);
      } else {
        e.fillStyle = lin(e, 0, y, 0, y + h, [
          [0, css(o.light, 0.1 * g)],
          [0.5, css(mix(o.light, WHITE, 0.3), 0.85 * g)],
          [1, css(o.light, 0.1 * g)],
        ]);
        e.fillRect(x + w * 0.42, y + h * 0.04, w * 0.16, h * 0.92);
      }
    }
  }

  function brushed(a, x, y, w, h, base, rand, vertical = false) {
    a.fillStyle = css(base);
    a.fillRect(x, y, w, h);
    a.save();
    a.beginPath();
    a.rect(x, y, w, h);
    a.clip();
    const n = Math.round((vertical ? w : h) / 1.6);
    for (let i = 0; i < n; i++) {
      const t = (i + rand()) / n;
      a.fillStyle = css(rand() < 0.5 ? WHITE : BLACK, 0.025 + rand() * 0.03);
      if (vertical) a.fillRect(x + t * w, y, 0.6, h);
      else a.fillRect(x, y + t * h, w, 0.6);
    }
    a.restore();
  }

  // ---------------------------------------------------------------- the build
  function buildScene(cfg, d) {
    const rand = rng(cfg.seed);
    const { W, H, D, yb } = cfg.dims;
    const t = 4;
    const xt = W - cfg.behind;
    const LC = rgb(cfg.light);
    const LH = mix(LC, WHITE, 0.35);
    const white = !!cfg.white;
    const items = [];
    const lights = [];
    const light = (p, i, r, c = LC) => lights.push({ p, i, r, c });
    const IN = { interior: true };
    const HL = white ? [255, 255, 255] : mix(WHITE, LC, 0.4);
    const inside = cfg.interior;

    const M = cfg.mb;
    const mz1 = D - t - M.rear;
    const mz0 = mz1 - M.w;
    const my1 = H - t - M.top;
    const my0 = my1 - M.h;
    const cpuZ = mz1 - M.cpu[0];
    const cpuY = my1 - M.cpu[1];
    const shTop = cfg.shroud ? yb + cfg.shroud.h : yb + t;
    const slotPitch = 20.32;
    const slot0 = cfg.mb.w > 200 ? my1 - 148 : my0 + 14;
    const slotY = (i) => slot0 - i * slotPitch;
    const fanO = {
      frame: white ? '#e6e9ec' : '#131416',
      blade: white ? '#dfe3e6' : '#17191b',
      hub: white ? '#f2f4f6' : '#1c1e21',
      light: LC,
      frosted: white,
    };

    // feet
    for (const [fx, fz] of [
      [22, 36],
      [W - 22, 36],
      [22, D - 36],
      [W - 22, D - 36],
    ]) {
      box(items, fx - 14, fx + 14, 0, yb, fz - 24, fz + 24, {
        color: white ? '#c9cdd1' : '#0c0d0e',
        all: { grad: [1, 0.7] },
      });
    }

    // ------------------------------------------------ tray + motherboard artwork
    const trayW = D - 2 * t;
    const trayH = H - yb - 2 * t;
    const X = (z) => D - t - z; // tray texture u (mm) from world z
    const Y = (y) => H - t - y; // tray texture v (mm) from world y
    const R = (c, z0, z1, y0, y1) =>
      c.rect(X(Math.max(z0, z1)), Y(Math.max(y0, y1)), Math.abs(z1 - z0), Math.abs(y1 - y0));
    const RR = (c, z0, z1, y0, y1, r) =>
      rr(c, X(Math.max(z0, z1)), Y(Math.max(y0, y1)), Math.abs(z1 - z0), Math.abs(y1 - y0), r);
    const ramZ = [];
    const ramSlotsZ = [];
    const nSlots = M.ramSlots || Math.min(4, M.ram);
    for (let i = 0; i < nSlots; i++) ramSlotsZ.push(cpuZ - 56 - i * 9.6);
    if (M.both) for (let i = 0; i < 4; i++) ramSlotsZ.push(cpuZ + 56 + i * 9.6);
    // two sticks in a four-slot board go in the second and fourth slot
    if (M.ram >= ramSlotsZ.length) ramZ.push(...ramSlotsZ);
    else ramZ.push(...ramSlotsZ.filter((_, i) => i % 2 === 1));
    const y24 = my1 - 120;

    // soft contact shadows of the parts on the tray, baked into its texture at the end
    const shadows = [];
    const shadow = (z0, z1, y0, y1, dist, alpha = 0.6) =>
      shadows.push({ z0, z1, y0, y1, dist, alpha });
    const drawTray = (a, e) => {
      const base = inside;
      a.fillStyle = lin(a, 0, 0, 0, trayH, [
        [0, css(k(base, 1.12))],
        [1, css(k(base, 0.85))],
      ]);
      a.fillRect(0, 0, trayW, trayH);
      // cable grommets beside the board
      const gz = mz0 - 28;
      for (const gy of [my1 - 60, y24, my0 + 60]) {
        RR(a, gz - 12, gz + 12, gy - 34, gy + 34, 6);
        a.fillStyle = white ? '#b8bdc2' : '#050606';
        a.fill();
        RR(a, gz - 10, gz + 10, gy - 32, gy + 32, 5);
        a.fillStyle = white ? '#9ea4aa' : '#020202';
        a.fill();
      }
      // tie-down points
      for (let i = 0; i < 6; i++) {
        a.fillStyle = css(k(base, 0.6));
        R(a, mz0 - 48, mz0 - 44, my0 + 30 + i * 45, my0 + 38 + i * 45);
        a.fill();
      }
      // PCB
      const pcb = M.pcb;
      a.shadowColor = 'rgba(0,0,0,0.5)';
      a.shadowBlur = 6;
      RR(a, mz0, mz1, my0, my1, 2);
      a.fillStyle = lin(a, X(mz1), Y(my1), X(mz0), Y(my0), [
        [0, css(k(pcb, 1.25))],
        [1, css(k(pcb, 0.9))],
      ]);
      a.fill();
      a.shadowBlur = 0;
      // faint traces
      a.strokeStyle = white ? 'rgba(0,0,0,0.05)' : 'rgba(255,255,255,0.035)';
      a.lineWidth = 0.5;
      for (let i = 0; i < 40; i++) {
        const z = lerp(mz0 + 10, mz1 - 10, rand());
        const y = lerp(my0 + 10, my1 - 10, rand());
        const l = 10 + rand() * 40;
        a.beginPath();
        a.moveTo(X(z), Y(y));
        a.lineTo(X(z) + l, Y(y));
        a.lineTo(X(z) + l + 6, Y(y) + (rand() < 0.5 ? 6 : -6));
        a.stroke();
      }
      // screw holes
      for (const [z, y] of [
        [mz1 - 8, my1 - 8],
        [mz0 + 8, my1 - 8],
        [mz1 - 8, my0 + 8],
        [mz0 + 8, my0 + 8],
        [cpuZ, my0 + 8],
        [mz0 + 8, (my0 + my1) / 2],
      ]) {
        circ(a, X(z), Y(y), 3.2);
        a.fillStyle = '#8d9399';
        a.fill();
        circ(a, X(z), Y(y), 1.4);
        a.fillStyle = '#3b3f43';
        a.fill();
      }
      // CPU socket backing (hidden by coolers, visible around small pumps)
      RR(a, cpuZ - 40, cpuZ + 40, cpuY - 40, cpuY + 40, 3);
      a.fillStyle = white ? '#c7ccd0' : '#22262a';
      a.fill();
      // DIMM slots
      for (const z of ramSlotsZ) {
        RR(a, z - 3.2, z + 3.2, cpuY - 72, cpuY + 70, 1);
        a.fillStyle = white ? '#cfd3d7' : '#1e2124';
        a.fill();
        RR(a, z - 1, z + 1, cpuY - 66, cpuY + 64, 0.5);
        a.fillStyle = white ? '#9aa0a6' : '#0a0b0c';
        a.fill();
      }
      // PCIe slots (metal armoured x16 + short x1)
      for (let i = 0; i < (M.w > 200 ? 5 : 1); i++) {
        const y = slotY(i);
        const long = i % 2 === 0 || M.w < 200;
        RR(a, mz1 - 22 - (long ? 89 : 25), mz1 - 22, y - 3.5, y + 3.5, 1);
        a.fillStyle = long ? '#9ca3aa' : white ? '#c3c8cc' : '#26292c';
        a.fill();
        RR(a, mz1 - 20 - (long ? 87 : 23), mz1 - 24, y - 1.2, y + 1.2, 0.5);
        a.fillStyle = '#0d0e0f';
        a.fill();
      }
      // M.2 heatsinks between the slots
      if (M.w > 200) {
        for (const y of [slotY(0.5) - 4, slotY(2.5) - 4]) {
          RR(a, mz1 - 140, mz1 - 36, y - 9, y + 9, 2);
          a.fillStyle = lin(a, 0, Y(y + 9), 0, Y(y - 9), [
            [0, css(k(cfg.heatsink, 1.4))],
            [1, css(k(cfg.heatsink, 0.9))],
          ]);
          a.fill();
          a.fillStyle = css(k(cfg.heatsink, 0.6));
          for (let i = 0; i < 8; i++) {
            R(a, mz1 - 128 + i * 11, mz1 - 124 + i * 11, y - 6, y + 6);
            a.fill();
          }
          if (e) {
            e.fillStyle = lin(e, X(mz1 - 36), 0, X(mz1 - 140), 0, [
              [0, css(LH, 0.7)],
              [1, css(LC, 0)],
            ]);
            R(e, mz1 - 140, mz1 - 40, y - 8.5, y - 7.3);
            e.fill();
          }
        }
      }
      // chipset heatsink with an accent ring
      {
        const cz = mz0 + 48;
        const cy = my0 + 48;
        RR(a, cz - 34, cz + 34, cy - 34, cy + 34, 6);
        a.fillStyle = lin(a, X(cz + 34), Y(cy + 34), X(cz - 34), Y(cy - 34), [
          [0, css(k(cfg.heatsink, 1.5))],
          [1, css(k(cfg.heatsink, 0.8))],
        ]);
        a.fill();
        circ(a, X(cz), Y(cy), 16);
        a.strokeStyle = css(k(cfg.heatsink, 0.6));
        a.lineWidth = 3;
        a.stroke();
        if (e) {
          circ(e, X(cz), Y(cy), 16);
          e.strokeStyle = css(LH, 0.7);
          e.lineWidth = 1.6;
          e.stroke();
        }
      }
      // 24-pin socket, SATA ports, headers
      if (!cfg.no24) {
        RR(a, mz0 + 3, mz0 + 13, y24 - 28, y24 + 28, 1);
        a.fillStyle = '#0b0c0d';
        a.fill();
      }
      for (let i = 0; i < 4; i++) {
        RR(a, mz0 + 3, mz0 + 11, my0 + 88 + i * 10, my0 + 95 + i * 10, 1);
        a.fillStyle = white ? '#aeb4ba' : '#1d2023';
        a.fill();
      }
      for (let i = 0; i < 6; i++) {
        RR(a, mz1 - 30 - i * 30, mz1 - 12 - i * 30, my0 + 3, my0 + 9, 0.8);
        a.fillStyle = '#0c0d0e';
        a.fill();
      }
      // capacitors / chokes near the VRM
      for (let i = 0; i < 6; i++) {
        RR(a, cpuZ - 30 + i * 11, cpuZ - 22 + i * 11, cpuY + 36, cpuY + 43, 1);
        a.fillStyle = '#2c2f33';
        a.fill();
      }
      for (const sh of shadows) {
        a.save();
        a.filter = `blur(${Math.max(1, (sh.dist * 0.22 + 2) * d).toFixed(1)}px)`;
        const drop = sh.dist * 0.18;
        RR(a, sh.z0 - drop * 0.3, sh.z1 - drop * 0.3, sh.y0 - drop, sh.y1 - drop, 4);
        a.fillStyle = css(
          BLACK,
          sh.alpha * (white ? 0.45 : 1) * (1 - Math.min(0.55, sh.dist / 320)),
        );
        a.fill();
        a.restore();
      }
    };
    const trayFace = face(
      [
        [xt, H - t, D - t],
        [xt, H - t, t],
        [xt, yb + t, t],
        [xt, yb + t, D - t],
      ],
      [-1, 0, 0],
      { ...IN, tex: null, lum: white ? 0.8 : 0.4, grad: [1.05, 0.85], lightK: 0.35 },
    );
    items.push(trayFace);

    // rear wall (inside): I/O cut-out and PCIe slot covers
    const rearW = xt - t;
    const rearTex = tex(
      rearW,
      trayH,
      d,
      (a) => {
        const Xr = (x) => x - t;
        a.fillStyle = css(k(inside, 0.9));
        a.fillRect(0, 0, rearW, trayH);
        // I/O plate
        rr(a, Xr(xt - 34), Y(my1 - 4), 26, 160, 1);
        a.fillStyle = '#0a0b0c';
        a.fill();
        // slot covers
        const nSl = M.w > 200 ? 7 : 2;
        for (let i = 0; i < nSl; i++) {
          const y = slotY(i) + 8;
          rr(a, Xr(xt - 30), Y(y), 22, 17, 1);
          a.fillStyle = css(k(inside, 1.35));
          a.fill();
          a.fillStyle = css(k(inside, 0.5));
          for (let j = 0; j < 3; j++) a.fillRect(Xr(xt - 26) + j * 6, Y(y) + 4, 3, 9);
        }
        // vent holes around the rear fan
        if (cfg.rearFan) {
          const rf = cfg.rearFan;
          const cx = Xr((t + xt) / 2 - 6);
          for (let i = 0; i < 90; i++) {
            const ang = rand() * TAU;
            const rad = rf.s * (0.15 + 0.3 * Math.sqrt(rand()));
            circ(a, cx + Math.cos(ang) * rad, Y(rf.y) + Math.sin(ang) * rad, 1.6);
            a.fillStyle = '#050505';
            a.fill();
          }
        }
      },
      false,
    );
    items.push(
      face(
        [
          [t, H - t, D - t],
          [xt, H - t, D - t],
          [xt, yb + t, D - t],
          [t, yb + t, D - t],
        ],
        [0, 0, -1],
        { ...IN, tex: rearTex, lum: white ? 0.8 : 0.35, lightK: 0.35 },
      ),
    );
    // floor and ceiling (the ceiling only shows in the floor reflection)
    items.push(
      face(
        [
          [xt, yb + t, D - t],
          [xt, yb + t, t],
          [t, yb + t, t],
          [t, yb + t, D - t],
        ],
        [0, 1, 0],
        { ...IN, color: k(inside, 0.8), lightK: 0.35 },
      ),
    );
    items.push(
      face(
        [
          [t, H - t, D - t],
          [t, H - t, t],
          [xt, H - t, t],
          [xt, H - t, D - t],
        ],
        [0, -1, 0],
        { ...IN, color: inside },
      ),
    );

    // ------------------------------------------------ rear exhaust fan
    if (cfg.rearFan) {
      const rf = cfg.rearFan;
      const cx = (t + xt) / 2 - 6;
      const z1 = D - t - 1;
      const z0 = z1 - 25;
      const faceTex = tex(rf.s, rf.s, d, (a, e) =>
        drawFan(a, e, rf.s / 2, rf.s / 2, rf.s, { ...fanO, rot: rand() }),
      );
      const edgeTex = tex(25, rf.s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, rf.s, fanO, 'v'));
      const topTex = tex(25, rf.s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, rf.s, fanO, 'v'));
      box(items, cx - rf.s / 2, cx + rf.s / 2, rf.y - rf.s / 2, rf.y + rf.s / 2, z0, z1, {
        all: IN,
        hl: HL,
        nz: { tex: faceTex, lum: 0.5 },
        nx: { tex: edgeTex },
        py: { tex: topTex },
        ny: null,
      });
      light([cx, rf.y, z0 - 40], 0.55, rf.s * 1.6);
    }

    // ------------------------------------------------ top radiator / top fans
    const co = cfg.cooler;
    let rad = null;
    if (co.type === 'aio' || co.type === 'loop' || cfg.topFans) {
      const n = co.fans || cfg.topFans.n;
      const s = co.size || cfg.topFans.s;
      const x0 = co.rx0 ?? (t + xt) / 2 - s / 2 - 20;
      const x1 = x0 + s + 4;
      const z0 = co.rz0 ?? 50;
      const fansLen = n * s;
      const radLen = cfg.topFans ? 0 : fansLen + 36;
      const z1 = z0 + Math.max(radLen, fansLen);
      const radH = cfg.topFans ? 0 : 28;
      const fy1 = H - t - radH;
      const fy0 = fy1 - 25;
      rad = { x0, x1, z0, z1, fy0, fy1, s, n };
      if (radH) {
        const radTex = tex(
          z1 - z0,
          radH,
          d,
          (a) => {
            const w = z1 - z0;
            a.fillStyle = '#0b0c0d';
            a.fillRect(0, 0, w, radH);
            a.fillStyle = white ? '#d9dde0' : '#1b1d20';
            a.fillRect(0, 0, 18, radH);
            a.fillRect(w - 18, 0, 18, radH);
            a.fillStyle = white ? '#c8cdd2' : '#141618';
            a.fillRect(18, 0, w - 36, 3);
            a.fillRect(18, radH - 3, w - 36, 3);
            a.fillStyle = white ? 'rgba(255,255,255,0.25)' : 'rgba(255,255,255,0.06)';
            for (let z = 20; z < w - 20; z += 2.4) a.fillRect(z, 3, 0.7, radH - 6);
          },
          false,
        );
        box(items, x0, x1, fy1, H - t, z0, z1, {
          all: IN,
          hl: HL,
          nx: { tex: radTex, lum: 0.3 },
          nz: { color: white ? '#d5d9dd' : '#18191b' },
          ny: { color: white ? '#cfd3d7' : '#101112' },
        });
      }
      const fz0 = z0 + (radLen ? 18 : 0);
      const edgeTex = tex(fansLen, 25, d, (a, e) => {
        for (let i = 0; i < n; i++) drawFanEdge(a, e, i * s + 0.5, 0, s - 1, 25, fanO, 'u');
      });
      box(items, x0, x1, fy0, fy1, fz0, fz0 + fansLen, {
        all: IN,
        hl: HL,
        nx: { tex: edgeTex, lum: 0.5 },
        nz: { color: fanO.frame },
        py: null,
        ny: { color: k(fanO.frame, 0.7) },
      });
      for (let i = 0; i < n; i++)
        light([(x0 + x1) / 2, fy0 - 20, fz0 + i * s + s / 2], 0.5, s * 1.7);
    }

    // ------------------------------------------------ PSU shroud
    if (cfg.shroud) {
      const sz0 = cfg.shroud.z0;
      const sl = D - t - sz0;
      const sh = cfg.shroud.h;
      const sideTex = tex(sl, sh, d, (a, e) => {
        a.fillStyle = lin(a, 0, 0, 0, sh, [
          [0, css(k(inside, 1.25))],
          [1, css(k(inside, 0.9))],
        ]);
        a.fillRect(0, 0, sl, sh);
        // perforated intake panel towards the front
        a.fillStyle = css(k(inside, 0.4));
        for (let u = sl - 120; u < sl - 24; u += 5) {
          for (let v = sh * 0.25; v < sh * 0.78; v += 5) {
            circ(a, u + ((v / 5) % 2) * 2.5, v, 1.5);
            a.fill();
          }
        }
        // window onto the PSU label area
        rr(a, sl * 0.18, sh * 0.28, sl * 0.32, sh * 0.44, 3);
        a.fillStyle = css(k(inside, 0.55));
        a.fill();
        a.strokeStyle = css(k(inside, 1.6), 0.6);
        a.lineWidth = 0.8;
        a.stroke();
        // top edge highlight + accent line
        a.fillStyle = css(WHITE, white ? 0.4 : 0.08);
        a.fillRect(0, 0, sl, 1.2);
        if (e) {
          e.fillStyle = lin(e, 0, 0, sl, 0, [
            [0, css(LC, 0)],
            [0.3, css(LH, 0.75)],
            [0.7, css(LH, 0.75)],
            [1, css(LC, 0)],
          ]);
          e.fillRect(0, 2.5, sl, 1.4);
        }
      });
      const topTex = tex(
        sl,
        xt - t,
        d,
        (a) => {
          a.fillStyle = css(k(inside, 1.1));
          a.fillRect(0, 0, sl, xt - t);
          // cable cut-outs next to the tray
          for (const u of [sl - (mz0 - 30 - sz0) - 10, sl * 0.35]) {
            rr(a, u, 4, 60, 22, 5);
            a.fillStyle = '#040404';
            a.fill();
          }
          a.fillStyle = css(k(inside, 0.6));
          for (let i = 0; i < 14; i++) {
            rr(a, 30 + i * 9, (xt - t) * 0.55, 4, 22, 2);
            a.fill();
          }
        },
        false,
      );
      box(items, t, xt, yb, shTop, sz0, D - t, {
        all: IN,
        hl: HL,
        nx: { tex: sideTex, lum: white ? 0.8 : 0.4, grad: [1.1, 0.8] },
        py: { tex: topTex, lum: white ? 0.8 : 0.4, grad: [0.8, 1.05] },
        nz: { color: k(inside, 0.95) },
        ny: null,
      });
      light([W * 0.3, shTop + 30, D * 0.45], 0.3, 320);
      if (cfg.bottomFans) {
        // intake fans lying on the shroud, blowing up at the graphics card
        const { n, s: fs } = cfg.bottomFans;
        const x0 = t + 12;
        const x1 = x0 + fs;
        const z1 = D - t - 26;
        const z0 = z1 - n * fs;
        const topT = tex(n * fs, fs, d, (a, e) => {
          for (let i = 0; i < n; i++)
            drawFan(a, e, i * fs + fs / 2, fs / 2, fs, { ...fanO, rot: rand(), hubRing: true });
        });
        const edgeT = tex(n * fs, 25, d, (a, e) => {
          for (let i = 0; i < n; i++) drawFanEdge(a, e, i * fs + 0.5, 0, fs - 1, 25, fanO, 'u');
        });
        box(items, x0, x1, shTop, shTop + 25, z0, z1, {
          all: IN,
          hl: HL,
          py: { tex: topT, lum: 0.5 },
          nx: { tex: edgeT },
          nz: { color: fanO.frame },
          ny: null,
        });
        for (let i = 0; i < n; i++)
          light([(x0 + x1) / 2, shTop + 60, z0 + i * fs + fs / 2], 0.5, fs * 1.6);
      }
    }

    // ------------------------------------------------ I/O cover and VRM heatsinks
    {
      const hs = cfg.heatsink;
      const ioTex = tex(30, 156, d, (a, e) => {
        brushed(a, 0, 0, 30, 156, k(hs, 1.1), rand, true);
        a.fillStyle = css(WHITE, 0.07);
        for (let i = 0; i < 10; i++) a.fillRect(6, 70 + i * 6, 18, 1.2);
        if (e) {
          e.fillStyle = lin(e, 0, 0, 0, 156, [
            [0, css(LC, 0)],
            [0.5, css(LH, 0.9)],
            [1, css(LC, 0)],
          ]);
          e.fillRect(25, 8, 1.6, 140);
        }
      });
      shadow(mz1 - 32, mz1 - 2, my1 - 160, my1 - 4, 28);
      box(items, xt - 28, xt, my1 - 160, my1 - 4, mz1 - 32, mz1 - 2, {
        all: IN,
        hl: HL,
        nx: { tex: ioTex, lum: 0.55, lightK: 0.5 },
        py: { color: k(hs, 1.1) },
        nz: { color: k(hs, 0.9) },
      });
      const finTex = (w, h, vertical) =>
        tex(
          w,
          h,
          d,
          (a) => {
            a.fillStyle = lin(a, 0, 0, w, h, [
              [0, css(k(hs, 1.35))],
              [1, css(k(hs, 0.85))],
            ]);
            a.fillRect(0, 0, w, h);
            a.fillStyle = css(BLACK, 0.35);
            if (vertical) for (let x = 3; x < w - 2; x += 4) a.fillRect(x, 2, 1.4, h - 4);
            else for (let y = 3; y < h - 2; y += 4) a.fillRect(2, y, w - 4, 1.4);
          },
          false,
        );
      const vz0 = cpuZ - 42;
      const vz1 = mz1 - 36;
      shadow(vz0, vz1, cpuY + 46, cpuY + 68, 24);
      box(items, xt - 24, xt, cpuY + 46, cpuY + 68, vz0, vz1, {
        all: IN,
        hl: HL,
        nx: { tex: finTex(vz1 - vz0, 22, true), lum: 0.55, lightK: 0.5 },
        py: { color: k(hs, 1.1) },
        nz: { color: k(hs, 0.9) },
      });
      if (!M.both) {
        shadow(cpuZ + 48, mz1 - 36, cpuY - 50, cpuY + 42, 24);
        box(items, xt - 24, xt, cpuY - 50, cpuY + 42, cpuZ + 48, mz1 - 36, {
          all: IN,
          hl: HL,
          nx: { tex: finTex(mz1 - 36 - cpuZ - 48, 92, false), lum: 0.55, lightK: 0.5 },
          py: { color: k(hs, 1.1) },
          nz: { color: k(hs, 0.9) },
        });
      }
    }

    // ------------------------------------------------ CPU cooling
    const coolerParts = () => {
      if (co.type === 'air') {
        const s = co.size;
        const fx1 = xt - 36;
        const fx0 = fx1 - s - 6;
        const depth = co.dual ? 70 : 52;
        const zA = cpuZ - depth / 2;
        const zB = cpuZ + depth / 2;
        // base and heat pipes
        box(items, xt - 24, xt - 2, cpuY - 30, cpuY + 30, cpuZ - 32, cpuZ + 32, {
          all: IN,
          hl: HL,
          color: '#aeb3b8',
        });
        const pipes = [];
        for (let i = 0; i < 6; i++) {
          const dz = (i - 2.5) * 10;
          pipes.push([
            [xt - 20, cpuY - 6 + (i % 2) * 10, cpuZ + dz],
            [xt - 30, cpuY - 6 + (i % 2) * 10, cpuZ + dz],
            [fx1 + 10, cpuY - 40 + i * 16, cpuZ + dz * 0.6],
            [fx1 - 4, cpuY - 40 + i * 16, cpuZ + dz * 0.6],
          ]);
        }
        items.push({ kind: 'cable', strands: pipes, r: 3, color: '#b9a07a', shine: 0.6 });
        // fin stack: the face towards the glass is the cooler's top cover
        const coverTex = tex(depth, s + 6, d, (a, e) => {
          a.fillStyle = lin(a, 0, 0, depth, s, [
            [0, css(white ? '#f4f6f8' : '#2a2d31')],
            [1, css(white ? '#c9ced3' : '#15171a')],
          ]);
          a.fillRect(0, 0, depth, s + 6);
          a.fillStyle = css(white ? BLACK : WHITE, 0.06);
          for (let y = 2; y < s + 6; y += 3) a.fillRect(0, y, depth, 0.8);
          for (let i = 0; i < 6; i++) {
            circ(a, depth / 2 + (i % 2 ? 8 : -8), 12 + i * ((s - 18) / 5), 3.2);
            a.fillStyle = '#c9ccd0';
            a.fill();
          }
          rr(a, 4, 4, depth - 8, s - 2, 4);
          a.strokeStyle = css(white ? BLACK : WHITE, 0.12);
          a.lineWidth = 1;
          a.stroke();
          if (e) {
            rr(e, 3, 3, depth - 6, s, 5);
            e.strokeStyle = css(LH, 0.8);
            e.lineWidth = 1.3;
            e.stroke();
          }
        });
        const finTop = tex(
          depth,
          s + 6,
          d,
          (a) => {
            a.fillStyle = '#8e949a';
            a.fillRect(0, 0, depth, s + 6);
            a.fillStyle = 'rgba(0,0,0,0.55)';
            for (let y = 0; y < s + 6; y += 2.2) a.fillRect(0, y, depth, 1.1);
          },
          false,
        );
        shadow(zA - 26, zB, cpuY - s / 2, cpuY + s / 2, 90, 0.7);
        shadow(cpuZ - 32, cpuZ + 32, cpuY - 30, cpuY + 30, 20);
        box(items, fx0, fx1, cpuY - s / 2 - 3, cpuY + s / 2 + 3, zA, zB, {
          all: IN,
          hl: HL,
          nx: { tex: coverTex, lum: 0.5, lightK: 0.7 },
          py: { tex: finTop, lum: 0.5 },
          nz: { color: '#6c7278' },
        });
        // the fan on the front of the stack
        const fanTex = tex(s, s, d, (a, e) =>
          drawFan(a, e, s / 2, s / 2, s, { ...fanO, rot: rand(), hubRing: true }),
        );
        const fanEdge = tex(25, s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, s, fanO, 'v'));
        const fanTop = tex(25, s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, s, fanO, 'v'));
        const fcx = (fx0 + fx1) / 2;
        box(items, fcx - s / 2, fcx + s / 2, cpuY - s / 2, cpuY + s / 2, zA - 26, zA - 1, {
          all: IN,
          hl: HL,
          nz: { tex: fanTex, lum: 0.5 },
          nx: { tex: fanEdge },
          py: { tex: fanTop },
        });
        light([fcx - 20, cpuY, zA - 70], 0.75, 230);
      } else {
        // pump head / CPU block
        const r = co.type === 'loop' ? 33 : 35;
        const x0 = xt - (co.type === 'loop' ? 40 : 50);
        const capTex = tex(2 * r, 2 * r, d, (a, e) => {
          const c = r;
          circ(a, c, c, r);
          a.fillStyle = white ? '#e8ebee' : '#141517';
          a.fill();
          circ(a, c, c, r * 0.8);
          a.fillStyle = radg(a, c - r * 0.3, c - r * 0.3, 0, r, [
            [0, css(white ? '#ffffff' : '#2b2e33')],
            [1, css(white ? '#c9cdd2' : '#0b0c0d')],
          ]);
          a.fill();
          if (co.type === 'loop') {
            // acrylic top with a coolant channel
            circ(a, c, c, r * 0.55);
            a.fillStyle = css(k(LC, 0.35));
            a.fill();
            circ(a, c, c, r * 0.3);
            a.fillStyle = '#9aa2a8';
            a.fill();
          } else {
            for (let i = 1; i <= 3; i++) {
              circ(a, c, c, r * (0.72 - i * 0.14));
              a.strokeStyle = css(white ? BLACK : WHITE, 0.08);
              a.lineWidth = 0.8;
              a.stroke();
            }
          }
          if (e) {
            circ(e, c, c, r * 0.86);
            e.strokeStyle = css(LH, 0.95);
            e.lineWidth = 2.2;
            e.stroke();
            circ(e, c, c, r * 0.86);
            e.strokeStyle = css(LC, 0.4);
            e.lineWidth = 6;
            e.stroke();
            if (co.type === 'loop') {
              circ(e, c, c, r * 0.55);
              e.fillStyle = radg(e, c, c, r * 0.3, r * 0.55, [
                [0, css(LC, 0.25)],
                [1, css(LC, 0.75)],
              ]);
              e.fill();
            } else {
              for (let i = 1; i <= 3; i++) {
                circ(e, c, c, r * (0.72 - i * 0.14));
                e.strokeStyle = css(LC, 0.35 / i);
                e.lineWidth = 1.2;
                e.stroke();
              }
            }
          }
          // mask to a disc
          a.globalCompositeOperation = 'destination-in';
          circ(a, c, c, r);
          a.fill();
        });
        shadow(cpuZ - r, cpuZ + r, cpuY - r, cpuY + r, xt - x0, 0.7);
        cylX(
          items,
          x0,
          xt - 4,
          cpuY,
          cpuZ,
          r,
          white ? '#d5d9dd' : '#17181a',
          { tex: capTex, lum: 0.5 },
          IN,
        );
        light([x0 - 50, cpuY, cpuZ], 0.6, 170);
        if (co.type === 'aio' && rad) {
          const tubes = [];
          for (const dx of [-14, 14]) {
            const xs = x0 + 22 + dx * 0.3;
            tubes.push([
              [xs, cpuY + r - 6, cpuZ - r * 0.45 + dx * 0.5],
              [xs - 10, cpuY + r + 60, cpuZ - r - 20 + dx],
              [(rad.x0 + rad.x1) / 2 + dx * 2, rad.fy0 - 70, rad.z0 + 10 + dx],
              [(rad.x0 + rad.x1) / 2 + dx * 2, rad.fy1 - 2, rad.z0 + 9 + dx * 0.3],
            ]);
          }
          items.push({
            kind: 'cable',
            strands: tubes,
            r: 6.5,
            color: white ? '#e9ecef' : '#18191b',
            shine: 0.25,
          });
        }
      }
    };

    // RAM: furthest sticks first
    const ramItems = (keep = () => true) => {
      const sticks = ramZ.filter(keep).sort((p, q) => q - p);
      const rc = cfg.ram;
      if (sticks.length) {
        const groups = M.both
          ? [sticks.filter((z) => z > cpuZ), sticks.filter((z) => z < cpuZ)]
          : [sticks];
        for (const g of groups)
          shadow(Math.min(...g) - 4, Math.max(...g) + 4, cpuY - 68, cpuY + 66, 40);
      }
      for (const z of sticks) {
        const len = 134;
        const y0 = cpuY - 68;
        const y1 = y0 + len;
        const hgt = 42;
        const topTex = tex(7, len, d, (a, e) => {
          a.fillStyle = css(mix(rc.bar, k(rc.color, 1.5), 0.5));
          a.fillRect(0, 0, 7, len);
          if (e) {
            e.fillStyle = lin(e, 0, 0, 0, len, [
              [0, css(rc.bar, 0.35)],
              [0.5, css(mix(rc.bar, WHITE, 0.2), 0.6)],
              [1, css(rc.bar, 0.35)],
            ]);
            e.fillRect(0.8, 1, 5.4, len - 2);
          }
        });
        const sideTex = tex(hgt, len, d, (a, e) => {
          a.fillStyle = lin(a, 0, 0, hgt, len, [
            [0, css(k(rc.color, 1.35))],
            [1, css(k(rc.color, 0.85))],
          ]);
          a.fillRect(0, 0, hgt, len);
          a.fillStyle = css(mix(rc.bar, k(rc.color, 1.5), 0.5));
          a.fillRect(0, 0, 8, len);
          a.strokeStyle = css(white ? BLACK : WHITE, 0.12);
          a.lineWidth = 0.8;
          a.beginPath();
          a.moveTo(12, 6);
          a.lineTo(22, 20);
          a.lineTo(22, len - 20);
          a.lineTo(12, len - 6);
          a.stroke();
          a.fillStyle = '#b89a4a';
          a.fillRect(hgt - 3, 4, 3, len - 8);
          if (e) {
            e.fillStyle = css(rc.bar, 0.45);
            e.fillRect(0, 1, 7.5, len - 2);
          }
        });
        box(items, xt - hgt - 2, xt - 2, y0, y1, z - 3.5, z + 3.5, {
          all: IN,
          hl: HL,
          nx: { tex: topTex, lum: 0.6 },
          nz: { tex: sideTex, lum: 0.6 },
          py: { color: k(rc.color, 1.1) },
        });
      }
      if (sticks.length)
        light(
          [xt - 70, cpuY, sticks.reduce((s, z) => s + z, 0) / sticks.length],
          0.4,
          150,
          rgb(rc.bar),
        );
    };

    // ------------------------------------------------ graphics cards
    const gpuItems = () => {
      const cards = [];
      for (const g of cfg.gpus) {
        const z1 = D - t - 3;
        const z0 = z1 - g.len;
        const gc = g.color;
        if (g.type === 'vertical') {
          const x0 = t + 30;
          const x1 = x0 + g.T;
          const y0 = shTop + 16;
          const y1 = y0 + g.h;
          const frontTex = tex(g.len, g.h, d, (a, e) => {
            a.fillStyle = lin(a, 0, 0, 0, g.h, [
              [0, css(k(gc, 1.05))],
              [1, css(k(gc, 0.85))],
            ]);
            rr(a, 0, 0, g.len, g.h, 6);
            a.fill();
            const fs = Math.min(g.h - 24, (g.len - 30) / 3);
            for (let i = 0; i < 3; i++) {
              const cx = 18 + fs / 2 + i * (fs + 4);
              circ(a, cx, g.h / 2, fs / 2 + 3);
              a.fillStyle = css(k(gc, 0.7));
              a.fill();
              drawFan(a, e, cx, g.h / 2, fs, {
                ...fanO,
                frame: k(gc, 0.95),
                blades: 11,
                rot: rand(),
                hubRing: true,
              });
              // cover the square fan frame with the shroud again, leaving the round opening
              a.save();
              a.beginPath();
              a.rect(cx - fs / 2 - 2, g.h / 2 - fs / 2 - 2, fs + 4, fs + 4);
              a.arc(cx, g.h / 2, fs * 0.47, 0, TAU, true);
              a.fillStyle = lin(a, 0, 0, 0, g.h, [
                [0, css(k(gc, 1.05))],
                [1, css(k(gc, 0.85))],
              ]);
              a.fill('evenodd');
              a.restore();
              circ(a, cx, g.h / 2, fs * 0.47);
              a.strokeStyle = css(BLACK, 0.25);
              a.lineWidth = 1.2;
              a.stroke();
            }
            a.strokeStyle = css(white ? BLACK : WHITE, 0.12);
            a.lineWidth = 1;
            a.beginPath();
            a.moveTo(6, 8);
            a.lineTo(g.len - 40, 8);
            a.lineTo(g.len - 10, 30);
            a.stroke();
            if (e) {
              e.fillStyle = lin(e, 0, 0, g.len, 0, [
                [0, css(LC, 0)],
                [0.2, css(LH, 0.9)],
                [0.8, css(LH, 0.9)],
                [1, css(LC, 0)],
              ]);
              e.fillRect(10, g.h - 5, g.len - 20, 1.6);
            }
          });
          const edgeTex = tex(g.len, g.T, d, (a, e) => {
            a.fillStyle = css(k(gc, 0.95));
            a.fillRect(0, 0, g.len, g.T);
            a.fillStyle = '#2b2e31';
            a.fillRect(0, g.T - 10, g.len, 10);
            a.fillStyle = '#0c0d0e';
            rr(a, g.len * 0.7, 6, 22, 10, 1);
            a.fill();
            if (e) {
              e.fillStyle = css(LH, 0.7);
              e.fillRect(20, 3, g.len * 0.45, 2);
            }
          });
          shadow(z0, z1, y0, y1, xt - x1, 0.5);
          box(items, x0, x1, y0, y1, z0, z1, {
            all: IN,
            hl: HL,
            nx: { tex: frontTex, lum: white ? 0.85 : 0.5 },
            py: { tex: edgeTex, lum: 0.6 },
            nz: { color: k(gc, 0.8) },
          });
          light([x0 - 50, (y0 + y1) / 2, (z0 + z1) / 2], 0.6, 260);
          cards.push({ x0, y0: y1, z: z0 + g.len * 0.3, vertical: true });
          continue;
        }
        const slotYc = g.fromMbBottom ? my0 + g.fromMbBottom : slotY(g.slot);
        const x1 = xt - 6;
        const x0 = x1 - g.h;
        const y1 = slotYc + 4;
        const y0 = slotYc - g.T;
        const sideTex = tex(g.len, g.T + 4, d, (a, e) => {
          const w = g.len;
          const h = g.T + 4;
          a.fillStyle = lin(a, 0, 0, 0, h, [
            [0, css(k(gc, 1.35))],
            [1, css(k(gc, 0.8))],
          ]);
          a.fillRect(0, 0, w, h);
          a.fillStyle = '#3c4045';
          a.fillRect(0, 0, w, 2.5);
          if (g.type === 'open') {
            // fins below the shroud line
            a.fillStyle = '#08090a';
            a.fillRect(4, h * 0.5, w - 8, h * 0.28);
            a.fillStyle = 'rgba(200,205,210,0.22)';
            for (let z = 6; z < w - 6; z += 2.6) a.fillRect(z, h * 0.5, 0.8, h * 0.28);
            // angular shroud panels
            a.fillStyle = css(k(gc, 1.6));
            a.beginPath();
            a.moveTo(w * 0.05, h * 0.18);
            a.lineTo(w * 0.42, h * 0.18);
            a.lineTo(w * 0.46, h * 0.42);
            a.lineTo(w * 0.08, h * 0.42);
            a.fill();
            a.beginPath();
            a.moveTo(w * 0.62, h * 0.18);
            a.lineTo(w * 0.95, h * 0.18);
            a.lineTo(w * 0.93, h * 0.42);
            a.lineTo(w * 0.58, h * 0.42);
            a.fill();
            a.fillStyle = css(k(gc, 0.55));
            a.fillRect(0, h * 0.78, w, h * 0.22);
          } else if (g.type === 'card') {
            // low-profile add-in card: bare PCB edge with a small heatsink
            a.fillStyle = '#0f1a14';
            a.fillRect(0, 0, w, h);
            brushed(a, w * 0.3, h * 0.15, w * 0.4, h * 0.7, k(cfg.heatsink, 1.2), rand, true);
            a.fillStyle = css(BLACK, 0.35);
            for (let z = w * 0.31; z < w * 0.69; z += 3) a.fillRect(z, h * 0.2, 1.2, h * 0.6);
          } else if (g.type === 'blower') {
            a.fillStyle = css(k(gc, 1.5));
            a.fillRect(w * 0.03, h * 0.2, w * 0.94, h * 0.5);
            a.fillStyle = css(BLACK, 0.3);
            for (let i = 0; i < 5; i++) a.fillRect(w * 0.82 + i * 7, h * 0.28, 3, h * 0.34);
          } else if (g.type === 'block') {
            // full-cover water block: acrylic with a glowing channel
            a.fillStyle = '#0e1012';
            a.fillRect(0, h * 0.55, w, h * 0.45);
            a.fillStyle = css(k(LC, 0.3), 0.9);
            a.fillRect(w * 0.08, h * 0.22, w * 0.84, h * 0.24);
            a.fillStyle = '#9aa1a7';
            for (const u of [0.12, 0.2]) {
              circ(a, w * u, h * 0.34, 4.5);
              a.fill();
            }
          }
          // power connector near the front end
          if (g.type !== 'card') {
            rr(a, w * 0.74, 4, g.type === 'blower' ? 18 : 22, 9, 1);
            a.fillStyle = '#050505';
            a.fill();
          }
          if (e && g.type === 'card') {
            e.fillStyle = css(LH, 0.8);
            circ(e, w * 0.85, h * 0.5, 1.2);
            e.fill();
          } else if (e) {
            if (g.type === 'block') {
              e.fillStyle = lin(e, 0, 0, w, 0, [
                [0, css(LC, 0.3)],
                [0.5, css(LH, 0.8)],
                [1, css(LC, 0.3)],
              ]);
              e.fillRect(w * 0.08, h * 0.24, w * 0.84, h * 0.2);
            } else {
              e.fillStyle = lin(e, 0, 0, w, 0, [
                [0, css(LC, 0)],
                [0.15, css(LH, 0.95)],
                [0.6, css(LH, 0.95)],
                [0.7, css(LC, 0)],
              ]);
              e.fillRect(w * 0.06, h * 0.45, w * 0.62, 1.8);
            }
          }
        });
        const backTex = tex(g.len, g.h, d, (a, e) => {
          const w = g.len;
          const h = g.h;
          a.fillStyle = lin(a, 0, 0, w, h, [
            [0, css(k(gc, 1.5))],
            [1, css(k(gc, 0.9))],
          ]);
          a.fillRect(0, 0, w, h);
          a.strokeStyle = css(WHITE, 0.08);
          a.lineWidth = 1;
          rr(a, 5, 5, w - 10, h - 10, 4);
          a.stroke();
          if (g.type === 'open') {
            // flow-through cut-out at the front end
            rr(a, w * 0.74, h * 0.14, w * 0.2, h * 0.72, 6);
            a.fillStyle = '#060606';
            a.fill();
            a.fillStyle = 'rgba(190,195,200,0.22)';
            for (let z = w * 0.745; z < w * 0.94; z += 2.6) a.fillRect(z, h * 0.16, 0.8, h * 0.68);
          }
          if (e) {
            e.fillStyle = css(LH, 0.5);
            e.fillRect(12, h - 9, w * 0.5, 1.2);
          }
        });
        shadow(z0, z1, y0, y1, 70, 0.75);
        box(items, x0, x1, y0, y1, z0, z1, {
          all: IN,
          hl: HL,
          nx: { tex: sideTex, lum: 0.55 },
          py: { tex: backTex, lum: 0.55, grad: [0.85, 1.1] },
          nz: { color: k(gc, 0.9) },
          ny: { color: k(gc, 0.6) },
        });
        if (g.type === 'open') light([(x0 + x1) / 2, y0 - 25, (z0 + z1) / 2], 0.45, g.len * 0.8);
        if (g.type !== 'card') light([x0 - 40, y0 + g.T / 2, (z0 + z1) / 2], 0.45, 240);
        if (g.type !== 'card') cards.push({ x0, y0, y1, z: z0 + g.len * 0.26 });
      }
      return cards;
    };

    // ------------------------------------------------ cables
    const cableItems = (cards) => {
      if (!cfg.no24) {
        const strands = [];
        for (let i = 0; i < 12; i++) {
          const y = y24 - 24 + i * 4.4;
          strands.push([
            [xt - 18, y, mz0 + 8],
            [xt - 52, y, mz0 + 5],
            [xt - 50, y, mz0 - 34],
            [xt + 2, y, mz0 - 28],
          ]);
        }
        items.push({ kind: 'cable', strands, r: 2.1, color: cfg.cable });
        // comb
        box(items, xt - 52, xt - 46, y24 - 28, y24 + 28, mz0 - 14, mz0 - 6, {
          all: IN,
          hl: HL,
          color: cfg.combs,
        });
      }
      for (const c of cards) {
        if (c.vertical) continue;
        const strands = [];
        for (let i = 0; i < 6; i++) {
          const z = c.z - 10 + i * 3.6;
          if (cfg.bottomFans) {
            // fans on the shroud: loop back under the card into the tray instead
            strands.push([
              [c.x0 - 1, c.y1 - 8, z],
              [c.x0 - 34, c.y1 - 8, z],
              [c.x0 - 30, c.y0 - 46, z],
              [xt + 2, c.y0 - 40, z],
            ]);
          } else {
            strands.push([
              [c.x0 - 1, c.y1 - 8, z],
              [c.x0 - 32, c.y1 - 8, z],
              [c.x0 - 34, shTop + 40, z],
              [c.x0 - 22, shTop - 2, z],
            ]);
          }
        }
        items.push({ kind: 'cable', strands, r: 1.7, color: cfg.cable, shine: 0.2 });
      }
    };

    // ------------------------------------------------ custom loop extras
    const loopItems = () => {
      const cool = LC;
      const rx = 72;
      const rz = 104;
      const rr0 = 30;
      const y0 = shTop + 6;
      const yPump = y0 + 44;
      const yTop = yPump + 190;
      // pump base
      cylY(items, rx, rz, rr0 + 4, y0, yPump, { color: '#17191c' }, { color: '#202327' }, IN);
      // coolant tube
      const resTex = tex(TAU * rr0, yTop - yPump, d, (a, e) => {
        const w = TAU * rr0;
        const h = yTop - yPump;
        a.fillStyle = css(k(cool, 0.45));
        a.fillRect(0, 0, w, h);
        a.fillStyle = css(k(cool, 0.25));
        a.fillRect(0, 0, w, 18);
        if (e) {
          e.fillStyle = lin(e, 0, 0, 0, h, [
            [0, css(cool, 0.2)],
            [0.12, css(mix(cool, WHITE, 0.2), 0.85)],
            [1, css(cool, 0.6)],
          ]);
          e.fillRect(0, 18, w, h - 18);
          for (let i = 0; i < 40; i++) {
            circ(e, rand() * w, 22 + rand() * (h - 30), 0.8 + rand() * 1.6);
            e.fillStyle = css(WHITE, 0.25);
            e.fill();
          }
        }
      });
      cylY(items, rx, rz, rr0, yPump, yTop, { tex: resTex, lum: 0.3, unlit: true }, null, IN);
      cylY(items, rx, rz, rr0 + 3, yTop, yTop + 12, { color: '#1c1e21' }, { color: '#2b2e32' }, IN);
      light([rx - 20, (yPump + yTop) / 2, rz], 0.9, 300);
      return { rx, rz, yPump, yTop };
    };

    // ------------------------------------------------ assemble the interior
    if (co.type === 'loop') {
      const res = loopItems();
      ramItems();
      coolerParts();
      const cards = gpuItems();
      cableItems(cards);
      const g = cards[0];
      const gx = g.x0 - 16; // tubes run in one plane in front of the card
      const cx = xt - 40; // face of the CPU block
      const tubes = [
        [
          [res.rx, res.yPump - 20, res.rz + 34],
          [res.rx, res.yPump - 20, g.z - 10],
          [g.x0 - 14, res.yPump - 20, g.z - 10],
          [g.x0 - 14, g.y0 + 12, g.z - 10],
          [g.x0 + 2, g.y0 + 12, g.z - 10],
        ],
        [
          [g.x0 + 2, g.y1 - 8, cpuZ + 14],
          [gx, g.y1 - 8, cpuZ + 14],
          [gx, cpuY - 12, cpuZ + 14],
          [cx, cpuY - 12, cpuZ + 14],
        ],
        [
          [cx, cpuY + 12, cpuZ - 14],
          [gx, cpuY + 12, cpuZ - 14],
          [gx, rad.fy0 - 25, cpuZ - 14],
          [gx, rad.fy0 - 25, rad.z1 - 9],
          [gx, rad.fy1, rad.z1 - 9],
        ],
        [
          [res.rx, res.yTop + 12, res.rz],
          [res.rx, rad.fy0 - 25, res.rz],
          [res.rx, rad.fy0 - 25, rad.z0 + 9],
          [res.rx, rad.fy1, rad.z0 + 9],
        ],
      ];
      for (const p of tubes) items.push({ kind: 'tube', pts: filleted(p, 16), r: 6.5, color: LC });
    } else {
      // sticks behind the cooler first, the ones in front of it after
      ramItems((z) => z > cpuZ);
      coolerParts();
      ramItems((z) => z < cpuZ);
      const cards = gpuItems();
      cableItems(cards);
    }

    // front fans seen edge-on through the glass
    for (const f of cfg.front.fans) {
      const et = tex(25, f.s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, f.s, fanO, 'v'));
      const tt = tex(25, f.s, d, (a, e) => drawFanEdge(a, e, 0, 0, 25, f.s, fanO, 'v'));
      const cx = (t + xt) / 2;
      box(items, cx - f.s / 2, cx + f.s / 2, f.y - f.s / 2, f.y + f.s / 2, t + 3, t + 28, {
        all: IN,
        hl: HL,
        nx: { tex: et },
        py: { tex: tt },
        nz: null,
        ny: null,
      });
      light([cx, f.y, t + 60], 0.5, f.s * 1.7);
    }

    // ------------------------------------------------ glass, front, top
    const gH = H - yb;
    const glassTex = tex(D, gH, d, (a, e) => {
      const fr = cfg.frit;
      a.fillStyle = css(fr);
      a.fillRect(0, 0, D, gH);
      a.clearRect(11, 11, D - 22, gH - 24);
      a.fillStyle = 'rgba(10,14,13,0.1)';
      a.fillRect(11, 11, D - 22, gH - 24);
      a.strokeStyle = css(WHITE, white ? 0.5 : 0.12);
      a.lineWidth = 1;
      a.strokeRect(0.5, 0.5, D - 1, gH - 1);
      if (e) {
        // soft studio sheen, strongest towards the rear top corner, and one faint streak
        e.fillStyle = radg(e, D * 0.05, gH * 0.02, 0, D * 0.9, [
          [0, css(WHITE, 0.07)],
          [1, css(WHITE, 0)],
        ]);
        e.fillRect(0, 0, D, gH);
        e.save();
        e.beginPath();
        e.moveTo(D * 0.62, 0);
        e.lineTo(D * 0.7, 0);
        e.lineTo(D * 0.44, gH);
        e.lineTo(D * 0.4, gH);
        e.closePath();
        e.fillStyle = lin(e, 0, 0, 0, gH, [
          [0, css(WHITE, 0.045)],
          [1, css(WHITE, 0)],
        ]);
        e.fill();
        e.restore();
      }
    });
    items.push(
      face(
        [
          [0, H, D],
          [0, H, 0],
          [0, yb, 0],
          [0, yb, D],
        ],
        [-1, 0, 0],
        { tex: glassTex, unlit: true },
      ),
    );

    const cc = cfg.caseColor;
    const frontTex = tex(W, gH, d, (a, e) => {
      const fr = cfg.front;
      a.fillStyle = lin(a, 0, 0, W, 0, [
        [0, css(k(cc, 1.15))],
        [0.5, css(k(cc, 1))],
        [1, css(k(cc, 0.85))],
      ]);
      a.fillRect(0, 0, W, gH);
      const m = 12;
      if (fr.type === 'mesh' || fr.type === 'glass') {
        rr(a, m, m, W - 2 * m, gH - 2 * m, 4);
        a.fillStyle = white ? '#8d9296' : '#050606';
        a.fill();
        for (const f of fr.fans)
          drawFan(a, e, W / 2, H - f.y, f.s, { ...fanO, rot: rand(), hubRing: white });
        a.save();
        rr(a, m, m, W - 2 * m, gH - 2 * m, 4);
        a.clip();
        if (fr.type === 'mesh') {
          a.fillStyle = css(k(cc, 0.9), 0.62);
          a.fillRect(0, 0, W, gH);
          a.strokeStyle = css(k(cc, 1.6), 0.18);
          a.lineWidth = 0.7;
          for (let x = -gH; x < W + gH; x += 4.5) {
            a.beginPath();
            a.moveTo(x, 0);
            a.lineTo(x + gH, gH);
            a.moveTo(x + gH, 0);
            a.lineTo(x, gH);
            a.stroke();
          }
          if (e) {
            e.globalCompositeOperation = 'destination-out';
            e.fillStyle = 'rgba(0,0,0,0.3)';
            e.fillRect(0, 0, W, gH);
            e.globalCompositeOperation = 'source-over';
          }
        } else {
          a.fillStyle = 'rgba(12,16,18,0.18)';
          a.fillRect(0, 0, W, gH);
          if (e) {
            e.fillStyle = lin(e, 0, 0, W, gH * 0.5, [
              [0, css(WHITE, 0)],
              [0.45, css(WHITE, 0.08)],
              [0.55, css(WHITE, 0)],
            ]);
            e.fillRect(0, 0, W, gH);
          }
        }
        a.restore();
      } else {
        brushed(a, 0, 0, W, gH, cc, rand, true);
        a.fillStyle = lin(a, 0, 0, W, 0, [
          [0, css(WHITE, 0.08)],
          [0.5, css(WHITE, 0)],
          [1, css(BLACK, 0.15)],
        ]);
        a.fillRect(0, 0, W, gH);
        // intake gaps at the sides
        a.fillStyle = '#050505';
        a.fillRect(3, 10, 5, gH - 20);
        a.fillRect(W - 8, 10, 5, gH - 20);
        if (e) {
          const strip = (x) => {
            e.fillStyle = lin(e, 0, 0, 0, gH, [
              [0, css(LC, 0.1)],
              [0.2, css(LH, 0.95)],
              [0.8, css(LH, 0.95)],
              [1, css(LC, 0.1)],
            ]);
            e.fillRect(x - 1, 16, 2, gH - 32);
            e.fillStyle = css(LC, 0.35);
            e.fillRect(x - 3.5, 16, 7, gH - 32);
          };
          if (fr.strips === 'sides') {
            strip(5.5);
            strip(W - 5.5);
          } else strip(W / 2);
        }
      }
    });
    items.push(
      face(
        [
          [0, H, 0],
          [W, H, 0],
          [W, yb, 0],
          [0, yb, 0],
        ],
        [0, 0, -1],
        { tex: frontTex, lum: 0.5, grad: [1.05, 0.88] },
      ),
    );
    const topTex = tex(D, W, d, (a, e) => {
      a.fillStyle = lin(a, 0, 0, D, 0, [
        [0, css(k(cc, 0.85))],
        [1, css(k(cc, 1.05))],
      ]);
      a.fillRect(0, 0, D, W);
      rr(a, 40, 22, D - 110, W - 44, 6);
      a.fillStyle = css(k(cc, white ? 0.75 : 0.45));
      a.fill();
      a.save();
      a.clip();
      a.fillStyle = css(BLACK, white ? 0.12 : 0.35);
      for (let x = 42; x < D - 70; x += 3.2)
        for (let y = 24; y < W - 22; y += 3.2) a.fillRect(x, y, 1.6, 1.6);
      a.restore();
      // front I/O
      const u = D - 22;
      circ(a, u, W * 0.32, 7);
      a.fillStyle = css(k(cc, 0.6));
      a.fill();
      circ(a, u, W * 0.32, 5);
      a.fillStyle = css(k(cc, 1.2));
      a.fill();
      for (let i = 0; i < 3; i++) {
        rr(a, u - 3, W * 0.44 + i * 13, 6, 10, 1);
        a.fillStyle = '#060606';
        a.fill();
      }
      circ(a, u, W * 0.44 + 46, 2.4);
      a.fillStyle = '#060606';
      a.fill();
      if (e) {
        circ(e, u, W * 0.32, 6.2);
        e.strokeStyle = css(LH, 0.95);
        e.lineWidth = 1.2;
        e.stroke();
      }
    });
    items.push(
      face(
        [
          [W, H, D],
          [W, H, 0],
          [0, H, 0],
          [0, H, D],
        ],
        [0, 1, 0],
        { tex: topTex, lum: 0.5, grad: [0.9, 1.05] },
      ),
    );
    items.push(
      face(
        [
          [0, yb, D],
          [0, yb, 0],
          [W, yb, 0],
          [W, yb, D],
        ],
        [0, -1, 0],
        { color: k(cc, 0.5) },
      ),
    );
    // specular edges
    const edgeC = white ? [255, 255, 255] : mix(cc, WHITE, 0.7);
    items.push({
      kind: 'edge',
      a: [0, yb, 0],
      b: [0, H, 0],
      w: 2,
      color: edgeC,
      alpha: [0.15, 0.45, 0.75],
    });
    items.push({
      kind: 'edge',
      a: [0, H, D],
      b: [0, H, 0],
      w: 2,
      color: edgeC,
      alpha: [0.2, 0.5, 0.75],
    });
    items.push({
      kind: 'edge',
      a: [0, H, 0],
      b: [W, H, 0],
      w: 2,
      color: edgeC,
      alpha: [0.75, 0.45, 0.2],
    });
    items.push({
      kind: 'edge',
      a: [W, H, D],
      b: [0, H, D],
      w: 1.5,
      color: edgeC,
      alpha: [0.05, 0.2, 0.3],
    });
    items.push({
      kind: 'edge',
      a: [W, yb, 0],
      b: [W, H, 0],
      w: 2.2,
      color: mix(edgeC, LC, 0.5),
      alpha: [0.1, 0.35, 0.15],
    });
    items.push({
      kind: 'edge',
      a: [0, yb, D],
      b: [0, yb, 0],
      w: 1.5,
      color: edgeC,
      alpha: [0.05, 0.15, 0.3],
    });

    trayFace.tex = tex(trayW, trayH, d, drawTray);
    return { items, lights };
  }

  // ---------------------------------------------------------------- studio
  function renderBuild(cfg) {
    const OW = cfg.width;
    const OH = cfg.height;
    const Wc = OW * SS;
    const Hc = OH * SS;
    const { W, H, D } = cfg.dims;
    const LC = rgb(cfg.light);
    const yaw = (cfg.cam.yaw * Math.PI) / 180;
    const el = (cfg.cam.el * Math.PI) / 180;
    const target = [W / 2, H * 0.46, D / 2];
    const dist = Math.max(H, D) * 3.2;
    const pos = [
      target[0] - dist * Math.cos(el) * Math.cos(yaw),
      target[1] + dist * Math.sin(el),
      target[2] - dist * Math.cos(el) * Math.sin(yaw),
    ];
    const view = makeView(pos, target);
    // frame the case: its top at ~9% of the height, its bottom at ~82%
    const corners = [];
    for (const x of [0, W])
      for (const y of [0, H]) for (const z of [0, D]) corners.push(view.project([x, y, z]));
    const minX = Math.min(...corners.map((p) => p[0]));
    const maxX = Math.max(...corners.map((p) => p[0]));
    const minY = Math.min(...corners.map((p) => p[1]));
    const maxY = Math.max(...corners.map((p) => p[1]));
    const s = Math.min((Hc * 0.76) / (maxY - minY), (Wc * 0.64) / (maxX - minX));
    view.s = s;
    view.ox = Wc * cfg.cam.cx - ((minX + maxX) / 2) * s;
    view.oy = Hc * 0.075 + (Hc * 0.76 - (maxY - minY) * s) - minY * s;
    const centre = view.project([W / 2, H / 2, D / 2]);
    const pxPerMm = s / centre[2];
    const d = Math.max(1.2, Math.min(3.4, pxPerMm * 1.1));

    const scene = buildScene(cfg, d);
    const env = {
      lights: scene.lights,
      interiorK: cfg.white ? 0.86 : 0.8,
      lightScale: 0.6 * (cfg.lightScale ?? 1),
      glow: null,
    };

    const main = canvas(Wc, Hc);
    const m = main.getContext('2d');
    // backdrop
    const bg = rgb(cfg.backdrop);
    m.fillStyle = lin(m, 0, 0, 0, Hc, [
      [0, css(k(bg, 0.5))],
      [0.55, css(k(bg, 1.0))],
      [0.78, css(k(bg, 1.25))],
      [1, css(k(bg, 0.45))],
    ]);
    m.fillRect(0, 0, Wc, Hc);
    const c0 = view.project([W / 2, H * 0.6, D / 2]);
    m.fillStyle = radg(m, c0[0] + Wc * 0.04, c0[1] - Hc * 0.05, 0, Hc * 0.75, [
      [0, css(mix(LC, WHITE, 0.6), 0.13)],
      [0.5, css(LC, 0.04)],
      [1, css(LC, 0)],
    ]);
    m.fillRect(0, 0, Wc, Hc);
    // floor light pool
    const fl = view.project([W / 2, 0, D * 0.3]);
    m.save();
    m.translate(fl[0], fl[1]);
    m.scale(1, 0.22);
    m.fillStyle = radg(m, 0, 0, 0, Wc * 0.45, [
      [0, css(LC, 0.2)],
      [0.5, css(LC, 0.06)],
      [1, css(LC, 0)],
    ]);
    m.fillRect(-Wc, -Hc * 5, Wc * 2, Hc * 10);
    m.restore();
    // front-fan spill on the floor
    const ff = view.project([W / 2, 0, -90]);
    m.save();
    m.translate(ff[0], ff[1]);
    m.scale(1, 0.3);
    m.globalCompositeOperation = 'lighter';
    m.fillStyle = radg(m, 0, 0, 0, Wc * 0.2, [
      [0, css(LC, cfg.front.fans.length || cfg.front.strips ? 0.16 : 0.06)],
      [1, css(LC, 0)],
    ]);
    m.fillRect(-Wc, -Hc * 5, Wc * 2, Hc * 10);
    m.restore();
    // contact shadow
    m.save();
    m.filter = `blur(${Math.round(Hc * 0.012)}px)`;
    m.beginPath();
    [
      [-10, 0, -10],
      [W + 10, 0, -10],
      [W + 10, 0, D + 10],
      [-10, 0, D + 10],
    ]
      .map((p) => view.project(p))
      .forEach((p, i) => (i ? m.lineTo(p[0], p[1]) : m.moveTo(p[0], p[1])));
    m.closePath();
    m.fillStyle = 'rgba(0,0,0,0.75)';
    m.fill();
    m.restore();

    // floor reflection
    const refl = canvas(Wc, Hc);
    const r = refl.getContext('2d');
    view.mirror = true;
    renderItems(r, view, scene.items, env);
    view.mirror = false;
    const bottoms = [
      [0, 0, 0],
      [0, 0, D],
      [W, 0, 0],
    ].map((p) => view.project(p)[1]);
    const fy0 = Math.min(...bottoms);
    const caseH = maxY * s - minY * s;
    r.globalCompositeOperation = 'destination-in';
    r.fillStyle = lin(r, 0, fy0, 0, fy0 + caseH * 0.42, [
      [0, 'rgba(0,0,0,0.3)'],
      [0.35, 'rgba(0,0,0,0.1)'],
      [1, 'rgba(0,0,0,0)'],
    ]);
    r.fillRect(0, 0, Wc, Hc);
    m.save();
    m.filter = 'blur(3px)';
    m.drawImage(refl, 0, 0);
    m.restore();

    // the case itself; emissive parts also go to a glow buffer for the bloom
    const glowC = canvas(Wc, Hc);
    env.glow = glowC.getContext('2d');
    renderItems(m, view, scene.items, env);
    env.glow = null;

    // bloom
    const q = canvas(Wc / 4, Hc / 4);
    const qc = q.getContext('2d');
    qc.imageSmoothingQuality = 'high';
    qc.drawImage(glowC, 0, 0, q.width, q.height);
    for (const [blur, alpha] of [
      [1.5, 0.5 * (cfg.bloom ?? 1)],
      [4, 0.55 * (cfg.bloom ?? 1)],
      [12, 0.6 * (cfg.bloom ?? 1)],
    ]) {
      const b = canvas(q.width, q.height);
      const bc = b.getContext('2d');
      bc.filter = `blur(${blur}px)`;
      bc.drawImage(q, 0, 0);
      m.save();
      m.globalCompositeOperation = 'lighter';
      m.globalAlpha = alpha;
      m.imageSmoothingQuality = 'high';
      m.drawImage(b, 0, 0, Wc, Hc);
      m.restore();
    }
    // vignette
    m.fillStyle = radg(m, Wc / 2, Hc * 0.48, Hc * 0.35, Hc * 1.05, [
      [0, 'rgba(0,0,0,0)'],
      [1, 'rgba(0,0,0,0.72)'],
    ]);
    m.fillRect(0, 0, Wc, Hc);

    const outC = canvas(OW, OH);
    const o = outC.getContext('2d');
    o.imageSmoothingQuality = 'high';
    o.drawImage(main, 0, 0, OW, OH);
    window.__last = outC;
    return true;
  }

  function encode(type, quality) {
    return window.__last.toDataURL(type, quality);
  }

  // Decode an encoded image and return it as PNG (to look at what the WebP encoder produced).
  async function toPng(url) {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = canvas(img.naturalWidth, img.naturalHeight);
    c.getContext('2d').drawImage(img, 0, 0);
    return c.toDataURL('image/png');
  }

  async function renderIcon(svg, size, mark, bg) {
    const img = new Image();
    img.src = 'data:image/svg+xml;base64,' + btoa(svg);
    await img.decode();
    const c = canvas(size, size);
    const x = c.getContext('2d');
    x.fillStyle = bg;
    x.fillRect(0, 0, size, size);
    const m = size * mark;
    x.drawImage(img, (size - m) / 2, (size - m) / 2, m, m);
    return c.toDataURL('image/png');
  }

  return { renderBuild, encode, toPng, renderIcon };
}

// --------------------------------------------------------------------------------------------
const decode = (url) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

async function main() {
  const only = process.argv.slice(2);
  const preview = process.env.PREVIEW_DIR;
  await mkdir(at('public/gallery/'), { recursive: true });
  await mkdir(at('public/icons/'), { recursive: true });
  if (preview) await mkdir(preview, { recursive: true });

  const browser = await chromium.launch(launchOptions());
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: `window.R = (${pageLib.toString()})();` });

    for (const build of BUILDS) {
      if (only.length && !only.some((o) => build.file.includes(o))) continue;
      await page.evaluate((cfg) => window.R.renderBuild(cfg), {
        ...build,
        width: GALLERY_WIDTH,
        height: GALLERY_HEIGHT,
      });
      let quality = 0.94;
      let bytes = decode(await page.evaluate((q) => window.R.encode('image/webp', q), quality));
      while (bytes.length > GALLERY_MAX_BYTES && quality > 0.3) {
        quality = Math.round((quality - 0.05) * 100) / 100;
        bytes = decode(await page.evaluate((q) => window.R.encode('image/webp', q), quality));
      }
      await writeFile(at(`public/gallery/${build.file}`), bytes);
      console.log(`public/gallery/${build.file}  ${bytes.length} bytes  (webp q=${quality})`);
      if (preview) {
        const png = await page.evaluate(
          (u) => window.R.toPng(u),
          `data:image/webp;base64,${bytes.toString('base64')}`,
        );
        await writeFile(`${preview}/${build.file.replace('.webp', '.png')}`, decode(png));
      }
    }

    if (!only.length || only.includes('icons')) {
      const svg = await readFile(at('public/logo.svg'), 'utf8');
      for (const icon of ICONS) {
        const url = await page.evaluate(
          ({ svg, size, mark }) => window.R.renderIcon(svg, size, mark, '#002D17'),
          { svg, size: icon.size, mark: icon.mark },
        );
        const bytes = decode(url);
        await writeFile(at(icon.file), bytes);
        console.log(`${icon.file}  ${bytes.length} bytes`);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
