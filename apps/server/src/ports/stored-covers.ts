/**
 * The book covers the app stores and serves itself (a book's `cover_url`), read back by the
 * server: implemented by features/catalog (covers/covers.service.ts), bound in composition.ts,
 * used by the summaries feature to print the cover in a PDF export.
 */
export interface StoredCovers {
  /** The image behind a cover URL of this app; undefined for any other URL or a cover not stored. */
  read(coverUrl: string): Promise<Buffer | undefined>;
}
