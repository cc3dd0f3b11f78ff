import { BadgeCheck, Eye, LifeBuoy, Lightbulb, Sprout, Users } from 'lucide-react';
import type { Tile } from './tile-grid';

export const coreValues: readonly Tile[] = [
  {
    title: 'Innovation',
    text: 'We look for the simplest new idea that solves the real problem, and we prototype it quickly so you can judge it with your own eyes before you commit.',
    icon: Lightbulb,
  },
  {
    title: 'Transparency',
    text: 'Clear quotes, shared progress boards and honest timelines. If something will take longer or cost more, you hear it from us first, with the reason.',
    icon: Eye,
  },
  {
    title: 'Quality',
    text: 'Code reviews, automated tests and accessibility checks on every release; stress-tested, cable-managed builds on every PC that leaves our bench.',
    icon: BadgeCheck,
  },
  {
    title: 'Client-Centered Approach',
    text: 'We learn how your business runs before we propose anything, and we design around your customers, your staff and your budget.',
    icon: Users,
  },
  {
    title: 'Continuous Learning & Growth',
    text: 'We invest in training and share what we learn with our clients, so your team grows more confident with its own tools over time.',
    icon: Sprout,
  },
  {
    title: 'End-to-End Development Support',
    text: 'Planning, design, development, deployment, hosting and maintenance: one accountable team for the whole life of your product.',
    icon: LifeBuoy,
  },
];

export const teamStatements: readonly string[] = [
  'We are a small team of developers, designers and hardware technicians based in Kempton Park, close to OR Tambo, serving clients across Gauteng and the rest of South Africa.',
  'Every project has a named lead who knows your business, answers your messages and stays with you from the first meeting to long after launch.',
  'We measure our work by what it does for you: fewer manual hours, more enquiries, faster machines and systems your staff actually enjoy using.',
];
