// The PWA and home-screen icons, generated from public/logo.svg by @vite-pwa/assets-generator
// (`npm run images`), on the site's dark green: icons/icon-192.png and icon-512.png (purpose any),
// icons/maskable-512.png (the logo inside the maskable safe zone) and apple-touch-icon.png. The
// generated files are committed; the manifest and index.html name them.
import { defineConfig, type Preset } from '@vite-pwa/assets-generator/config';

const background = '#002D17';

const preset: Preset = {
  transparent: { sizes: [192, 512], favicons: [], padding: 0.1, resizeOptions: { background } },
  maskable: { sizes: [512], padding: 0.3, resizeOptions: { background } },
  apple: { sizes: [180], padding: 0.15, resizeOptions: { background } },
  assetName: (type, size) =>
    type === 'apple'
      ? 'apple-touch-icon.png'
      : `icons/${type === 'maskable' ? 'maskable' : 'icon'}-${size.width}.png`,
};

export default defineConfig({ preset, images: ['public/logo.svg'] });
