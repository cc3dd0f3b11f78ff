import {
  Briefcase,
  Camera,
  FileText,
  Globe,
  IdCard,
  Image,
  List,
  MessageCircle,
  Music,
  Share2,
  Smartphone,
  ThumbsUp,
  TicketPercent,
  UtensilsCrossed,
  Video,
  Wifi,
  type LucideIcon,
} from 'lucide-react';
import type { TypeIcon } from '../../../domain/qr/qr-types';

/**
 * The drawing of each icon name the type registry uses (lucide has no brand logos, so Facebook
 * and Instagram get generic ones). The compiler holds this to the registry's names.
 */
export const typeIcons: Readonly<Record<TypeIcon, LucideIcon>> = {
  globe: Globe,
  'file-text': FileText,
  list: List,
  'id-card': IdCard,
  briefcase: Briefcase,
  video: Video,
  image: Image,
  'thumbs-up': ThumbsUp,
  camera: Camera,
  share: Share2,
  'message-circle': MessageCircle,
  music: Music,
  utensils: UtensilsCrossed,
  smartphone: Smartphone,
  ticket: TicketPercent,
  wifi: Wifi,
};
