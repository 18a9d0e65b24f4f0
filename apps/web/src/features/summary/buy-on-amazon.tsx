import { ExternalLink, ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button';
import { currentLanguage } from '../../lib/i18n';
import { useAmazonAssociateTag } from '../../lib/public-status';
import { cn } from '../../lib/utils';
import { amazonSearchUrl, type StoreBook } from './amazon-link';

/**
 * 'Buy on Amazon': the book in the Amazon store of the reader's language, with the server's
 * associate tag, in a new tab. Nothing without a tag (AMAZON_ASSOCIATE_TAG), as the footer then
 * discloses no affiliate links either.
 */
export function BuyOnAmazon({ book }: { book: StoreBook }) {
  // Re-renders on a language switch, so the store follows the interface language.
  const { t } = useTranslation();
  const tag = useAmazonAssociateTag();
  const hintId = useId();
  if (!tag) return null;
  const language = currentLanguage();
  return (
    <div className="print:hidden" data-print-hidden>
      <a
        href={amazonSearchUrl(book, language, tag)}
        target="_blank"
        rel="sponsored noopener noreferrer"
        aria-describedby={hintId}
        // Wraps on the narrowest phones rather than push the page sideways.
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'h-auto min-h-9 max-w-full self-start py-1.5 whitespace-normal',
        )}
        data-testid="buy-on-amazon"
      >
        <ShoppingCart aria-hidden />
        {t('summary.actions.buyOnAmazon')}
        <ExternalLink aria-hidden className="size-3.5" />
      </a>
      <span id={hintId} className="sr-only">
        {t('summary.actions.buyOnAmazonHint')}
      </span>
    </div>
  );
}
