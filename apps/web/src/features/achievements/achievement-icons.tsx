import { createElement } from 'react';
import {
  Award,
  BookCheck,
  BookOpen,
  BookOpenCheck,
  Brain,
  CalendarCheck,
  Compass,
  Crown,
  Feather,
  Flame,
  Gem,
  Globe,
  Headphones,
  Languages,
  Library,
  LibraryBig,
  Lightbulb,
  Medal,
  MessageCircle,
  MessageSquare,
  Mountain,
  Rocket,
  Share2,
  Sparkles,
  Sprout,
  Star,
  Target,
  ThumbsUp,
  Trophy,
  Volume2,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/**
 * The lucide icons that achievements (apps/server/data/achievements.json) name, listed one by one
 * so the bundle holds only these; a name missing here shows the trophy.
 */
const ACHIEVEMENT_ICONS: ReadonlyMap<string, LucideIcon> = new Map(
  Object.entries({
    award: Award,
    'book-check': BookCheck,
    'book-open': BookOpen,
    'book-open-check': BookOpenCheck,
    brain: Brain,
    'calendar-check': CalendarCheck,
    compass: Compass,
    crown: Crown,
    feather: Feather,
    flame: Flame,
    gem: Gem,
    globe: Globe,
    headphones: Headphones,
    languages: Languages,
    library: Library,
    'library-big': LibraryBig,
    lightbulb: Lightbulb,
    medal: Medal,
    'message-circle': MessageCircle,
    'message-square': MessageSquare,
    mountain: Mountain,
    rocket: Rocket,
    'share-2': Share2,
    share: Share2,
    sparkles: Sparkles,
    sprout: Sprout,
    star: Star,
    target: Target,
    'thumbs-up': ThumbsUp,
    trophy: Trophy,
    'volume-2': Volume2,
    zap: Zap,
  }),
);

/** An achievement's icon, decorative (its title is written beside it). */
export function AchievementIcon({ name, className }: { name: string; className?: string }) {
  // createElement: the icon is looked up from a fixed table, not a component made during render.
  return createElement(ACHIEVEMENT_ICONS.get(name) ?? Trophy, { 'aria-hidden': true, className });
}
