import { GraduationCap, Handshake, Layers, LifeBuoy, Smartphone, Zap } from 'lucide-react';
import { QR_TYPE_COUNT } from '../../domain/qr/type-count';
import type { Tile } from './tile-grid';

export const vision =
  'We want every South African business, from a two-person workshop to a growing national brand, ' +
  'to have software that fits the way it actually works, and the hardware to run it well. ' +
  'We build it with you, explain every choice in plain language, and stay around after launch.';

export const missionTiles: readonly Tile[] = [
  {
    title: 'Multi-stack expertise',
    text: 'React, TypeScript, Node.js, .NET, Kotlin and Swift, SQL and NoSQL. We pick the stack that suits your team and budget, not the one we happen to like this year.',
    icon: Layers,
  },
  {
    title: 'Web and mobile excellence',
    text: 'Fast, accessible websites and progressive web apps that install on a phone and keep working on a patchy connection, plus native Android and iOS apps when you need them.',
    icon: Smartphone,
  },
  {
    title: 'Innovation and efficiency',
    text: 'We automate the repetitive parts of your day: online forms that feed your systems, dashboards instead of spreadsheets, integrations instead of copy and paste.',
    icon: Zap,
  },
  {
    title: 'Client-focused approach',
    text: 'Fixed-scope quotes in rand, a demo every two weeks, and one person who answers your calls. You always know what is being built and what it costs.',
    icon: Handshake,
  },
  {
    title: 'Continuous learning',
    text: 'Our developers spend time every month on new frameworks, security advisories and hardware releases, so your project benefits from what is current and proven.',
    icon: GraduationCap,
  },
  {
    title: 'End-to-end support',
    text: 'From the first sketch to hosting, monitoring and updates, one team takes responsibility. No finger-pointing between a designer, a developer and a host.',
    icon: LifeBuoy,
  },
];

/** The QR service, as the home page offers it: what it does, in the words of its benefits. */
export const qrService = {
  title: 'QR codes that keep working',
  text:
    `Make QR codes for your menus, flyers and shop windows: ${QR_TYPE_COUNT} kinds, in your colours and with ` +
    'your logo, checked to scan before you print. A dynamic code can lead somewhere new after ' +
    'it is printed, hosts your menu or brochure, and counts its scans.',
  points: [
    'Change where a printed code leads, without reprinting',
    'Your PDF, menu, pictures, audio or video, hosted for you',
    'Scans counted by day, device and time',
  ],
} as const;
