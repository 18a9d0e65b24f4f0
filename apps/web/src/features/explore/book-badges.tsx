import type { Book } from '@summa/shared';
import { Award, Flame, Sprout, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../../components/ui/badge';

const BADGE_LOOK: Record<Book['badges'][number], { icon: LucideIcon; variant: BadgeProps['variant'] }> = {
  editors: { icon: Award, variant: 'accent' },
  trending: { icon: Flame, variant: 'brand' },
  starter: { icon: Sprout, variant: 'success' },
};

/** A book's level and its badges (editors' pick, trending, good start). */
export function BookBadges({ book }: { book: Pick<Book, 'level' | 'badges'> }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant="outline">{t(`catalog.levels.${book.level}`)}</Badge>
      {book.badges.map((badge) => {
        const { icon: Icon, variant } = BADGE_LOOK[badge];
        return (
          <Badge key={badge} variant={variant}>
            <Icon aria-hidden />
            {t(`catalog.badges.${badge}`)}
          </Badge>
        );
      })}
    </span>
  );
}

/** Year and category, e.g. "2018 · Habits". */
export function BookFacts({ book }: { book: Pick<Book, 'year' | 'category'> }) {
  const { t } = useTranslation();
  const category = t(`catalog.categories.${book.category}`);
  return (
    <span className="block text-xs text-stone-500">
      {book.year ? `${book.year} · ${category}` : category}
    </span>
  );
}
