/** Structured text of a public page. Rendered as plain text by PublicPage: never as HTML. */
export interface PageContent {
  /** The page heading (h1). */
  title: string;
  /** ISO date the text was last updated, shown under the title. */
  updated?: string;
  /** Paragraphs shown before the first section. */
  intro?: string[];
  sections: PageSection[];
}

export interface PageSection {
  /** Anchor id, so /terms-of-use#refund-policy scrolls here. */
  id?: string;
  heading: string;
  /** Each block is a paragraph, or a bulleted list. */
  blocks: Array<string | { list: string[] }>;
  /** Subsections (h3). */
  subsections?: Array<{ id?: string; heading: string; blocks: Array<string | { list: string[] }> }>;
}
