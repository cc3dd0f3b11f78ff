import { Cpu, Download, Hammer, HardDrive, Monitor, ShieldCheck } from 'lucide-react';
import type { Tile } from './tile-grid';

export const pcServices: readonly Tile[] = [
  {
    title: 'Custom PC builds',
    text: 'Gaming rigs, creative workstations and quiet office machines specified around your software, your games and your budget in rand.',
    icon: Cpu,
  },
  {
    title: 'Professional assembly',
    text: 'Careful assembly with tidy cable management, correct airflow, BIOS and memory profiles set, and a burn-in test before handover.',
    icon: Hammer,
  },
  {
    title: 'Software installation',
    text: 'Windows or Linux installed and activated, drivers updated, and your everyday applications set up and ready when you collect.',
    icon: Download,
  },
  {
    title: 'Data services',
    text: 'Move files from your old machine, set up automatic backups, and recover data from failing drives where it can be saved.',
    icon: HardDrive,
  },
  {
    title: 'Workstation setup',
    text: 'Multi-monitor desks, networking and printers for home offices and small teams, configured on site in Kempton Park and surrounds.',
    icon: Monitor,
  },
  {
    title: 'Warranty and support',
    text: 'Parts carry their manufacturer warranties and we handle the claims for you, with workshop support if anything misbehaves.',
    icon: ShieldCheck,
  },
];
