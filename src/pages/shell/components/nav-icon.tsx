import {
  AudioLines,
  BookOpen,
  Building2,
  FilePen,
  House,
  LifeBuoy,
  LogOut,
  Mic,
  Settings,
  TextQuote,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import type { NavItem } from '../../../domain/access';

export const NAV_ICONS: Record<Exclude<NavItem, 'profile'>, LucideIcon> = {
  home: House,
  scribe: AudioLines,
  record: Mic,
  upload: Upload,
  manualLetter: FilePen,
  trusts: Building2,
  siteAdmin: Settings,
  resources: BookOpen,
  support: LifeBuoy,
  autotext: TextQuote,
  logout: LogOut,
};
