import { useAmazonAssociateTag } from '../../lib/public-status';
import { FooterView } from './footer-view';

export function Footer() {
  // The affiliate disclosure only where there are affiliate links (AMAZON_ASSOCIATE_TAG).
  return <FooterView affiliate={useAmazonAssociateTag() !== null} />;
}
