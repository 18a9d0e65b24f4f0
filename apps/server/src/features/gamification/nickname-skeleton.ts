import unhomoglyph from 'unhomoglyph';

/*
 * Two nicknames collide when they look alike: 'Admin', 'ADMIN', 'Аdmin' (Cyrillic А), 'ＡＤＭＩＮ'
 * (full width) and 'Adrnin' share one skeleton. The prototypes come from Unicode's confusables
 * table (UTS #39 confusables.txt, Unicode 13, as shipped by `unhomoglyph`).
 *
 * skeleton(name) = TR39 skeleton of the NFKC-casefolded name, case-folded again, with 'i' read as 'l':
 * - NFKC then case folding first, so that case never matters: the skeleton depends on the folded
 *   name only. The price: capitals whose small letters differ (Greek 'ΑΜΙΝ' for 'AMIN') are not
 *   caught, as 'αμιν' does not look like 'amin';
 * - the TR39 skeleton: NFD, default-ignorable characters removed, each character replaced by its
 *   prototype, NFD again;
 * - folded again, as a few prototypes are capitals;
 * - 'i' as 'l': confusables.txt maps 'I' and '1' to 'l', and folding maps 'I' to 'i', so without it
 *   'AIice' (capital I) would pass beside 'Alice'. The cost is that 'ian' and 'lan' collide too.
 *
 * Stored skeletons are compared as they were computed: a change here, or a new confusables table,
 * needs the stored ones recomputed (set nickname_skeleton to null; the start-up fills them again).
 */

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Full case folding as far as JavaScript has it: 'ß', 'ẞ' and 'SS' meet at 'ss', final sigma at σ. */
function foldCase(text: string): string {
  return text.toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
}

function tr39Skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

/** The key under which no two readers' new nicknames may meet. */
export function nicknameSkeleton(nickname: string): string {
  const folded = foldCase(nickname.normalize('NFKC')).normalize('NFKC');
  return foldCase(tr39Skeleton(folded)).normalize('NFD').replaceAll('i', 'l');
}
