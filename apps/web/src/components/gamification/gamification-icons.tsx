import {
  AudioLines,
  BookHeart,
  BookMarked,
  BookOpen,
  Brain,
  CalendarCheck,
  CalendarHeart,
  CalendarRange,
  Compass,
  Crown,
  Flame,
  FlameKindling,
  Headphones,
  Landmark,
  Languages,
  Layers,
  Library,
  Lightbulb,
  Megaphone,
  MessageSquareHeart,
  MessagesSquare,
  Repeat,
  Share2,
  Sparkles,
  Sprout,
  Trophy,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import { createElement } from 'react';

/**
 * The lucide icons that level tiers (LEVEL_TIERS) and achievements (server data) name. Imported
 * one by one rather than through lucide's dynamic loader, so the bundle holds only these.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  'audio-lines': AudioLines,
  'book-heart': BookHeart,
  'book-marked': BookMarked,
  'book-open': BookOpen,
  brain: Brain,
  'calendar-check': CalendarCheck,
  'calendar-heart': CalendarHeart,
  'calendar-range': CalendarRange,
  compass: Compass,
  crown: Crown,
  flame: Flame,
  'flame-kindling': FlameKindling,
  headphones: Headphones,
  landmark: Landmark,
  languages: Languages,
  layers: Layers,
  library: Library,
  lightbulb: Lightbulb,
  megaphone: Megaphone,
  'message-square-heart': MessageSquareHeart,
  'messages-square': MessagesSquare,
  repeat: Repeat,
  'share-2': Share2,
  sparkles: Sparkles,
  sprout: Sprout,
  trophy: Trophy,
};

/** The icon a tier or an achievement names; a trophy for a name this build does not know. */
export function gamificationIcon(name: string): LucideIcon {
  return ICONS[name] ?? Trophy;
}

/** Draws the icon `name` names (a component, so that render never creates one on the fly). */
export function GamificationIcon({ name, ...props }: LucideProps & { name: string }) {
  return createElement(gamificationIcon(name), props);
}
