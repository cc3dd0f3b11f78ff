export interface GalleryImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

// Stand-in pictures (drawn once, now kept as assets). Real photos can replace the files under the same
// names; update the alt text to match what each photo shows when they do.
export const galleryImages: readonly GalleryImage[] = [
  {
    src: '/gallery/build-1.webp',
    width: 960,
    height: 640,
    alt: 'Compact mini-ITX build in a deep green case with gold lighting: a 240 mm liquid cooler, two RAM sticks and a dual-fan graphics card behind the glass side, and two gold-ringed fans behind the mesh front.',
  },
  {
    src: '/gallery/build-2.webp',
    width: 960,
    height: 640,
    alt: 'Full-tower workstation in a gunmetal case with green lighting: a large tower air cooler, eight RAM sticks, a triple-fan graphics card above a low-profile expansion card, three intake fans on the power-supply shroud and a green light strip down the front.',
  },
  {
    src: '/gallery/build-3.webp',
    width: 960,
    height: 640,
    alt: 'White gaming build in a white case with white lighting: a vertically mounted triple-fan graphics card, a 360 mm liquid cooler, white RAM and sleeved cables, and three fans behind a glass front.',
  },
  {
    src: '/gallery/build-4.webp',
    width: 960,
    height: 640,
    alt: 'Custom water-cooled build in a dark grey case with teal coolant: a glowing reservoir, hard-line tubing to the CPU block and the water-blocked graphics card, and a radiator mounted at the top.',
  },
  {
    src: '/gallery/build-5.webp',
    width: 960,
    height: 640,
    alt: 'Budget all-rounder in a black mid-tower with red lighting: a tower air cooler, two RAM sticks, a dual-fan graphics card and three red-ringed fans behind a mesh front.',
  },
  {
    src: '/gallery/build-6.webp',
    width: 960,
    height: 640,
    alt: 'Dual-GPU render workstation in a silver case with purple lighting: two stacked graphics cards, a 360 mm liquid cooler, three fans on the power-supply shroud and three purple-lit fans behind a mesh front.',
  },
];
