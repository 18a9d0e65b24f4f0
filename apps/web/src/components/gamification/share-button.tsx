import { Share2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { shareLink, type ShareOutcome } from '../../lib/share-link';
import { Button } from '../ui/button';

export interface ShareMessages {
  button: string;
  title: string;
  text: string;
  shared: string;
  copied: string;
  failed: string;
}

/** Shares a page (the system sheet, else its link on the clipboard) and says what happened. */
export function ShareButton({ url, messages }: { url: string; messages: ShareMessages }) {
  const share = async () => {
    const outcome: ShareOutcome = await shareLink({ title: messages.title, text: messages.text, url });
    if (outcome === 'shared') toast.success(messages.shared);
    else if (outcome === 'copied') toast.success(messages.copied);
    else if (outcome === 'failed') toast.error(messages.failed);
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden />
      {messages.button}
    </Button>
  );
}
