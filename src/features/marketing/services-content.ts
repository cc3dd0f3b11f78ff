import { Cloud, Code, Palette, Plug, Smartphone, Wrench } from 'lucide-react';
import type { Tile } from './tile-grid';

export const softwareServices: readonly Tile[] = [
  {
    title: 'Custom web development',
    text: 'Company websites, customer portals and internal tools built with modern frameworks, optimised for speed, search engines and every screen size.',
    icon: Code,
  },
  {
    title: 'Mobile app development',
    text: 'Android and iOS apps, or a single installable web app that does both, with offline support for customers on mobile data.',
    icon: Smartphone,
  },
  {
    title: 'Cloud and DevOps',
    text: 'Hosting set up properly: automated deployments, backups, monitoring and alerts, on a budget that makes sense for your size.',
    icon: Cloud,
  },
  {
    title: 'UI/UX design',
    text: 'Wireframes and clickable prototypes tested with real users before a line of code is written, so the finished product feels obvious.',
    icon: Palette,
  },
  {
    title: 'API integration',
    text: 'Connect your systems to payment gateways, accounting packages, couriers, CRMs and messaging so data flows without retyping.',
    icon: Plug,
  },
  {
    title: 'Ongoing maintenance and support',
    text: 'Security updates, bug fixes, small improvements and a response time you can plan around, on a simple monthly agreement.',
    icon: Wrench,
  },
];
