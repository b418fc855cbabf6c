import { useEffect } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'react-router-dom';
import type { PageContent, PageSection } from './page-content';
import { up } from '../ui/theme';
import { TextWithEmailLinks } from '../ui/text-with-email-links';

const Article = styled.article`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 20px 64px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
  ${up('md')} { margin: 32px auto; border-radius: 24px; padding: 40px 48px 64px; }
  h1 { font-size: 30px; margin-bottom: 4px; }
  h2 { font-size: 22px; margin: 32px 0 8px; scroll-margin-top: 80px; }
  h3 { font-size: 18px; margin: 20px 0 6px; scroll-margin-top: 80px; }
  p, li { max-width: 68ch; }
`;

const Updated = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin-top: 0;
`;

type Blocks = PageSection['blocks'];

function BlockList({ blocks }: { blocks: Blocks }) {
  return (
    <>
      {blocks.map((block, i) =>
        typeof block === 'string' ? (
          <p key={i}>
            <TextWithEmailLinks text={block} />
          </p>
        ) : (
          <ul key={i}>
            {block.list.map((item) => (
              <li key={item}>
                <TextWithEmailLinks text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** A public page from structured text; plain text only, never HTML. Scrolls to the URL's anchor. */
export function PublicPage({ content }: { content: PageContent }) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#!?/, ''));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // The page title stays the product name on every page.
  }, [hash]);

  return (
    <Article>
      <h1>{content.title}</h1>
      {content.updated ? <Updated>Last updated {content.updated}</Updated> : null}
      {content.intro ? <BlockList blocks={content.intro} /> : null}
      {content.sections.map((section) => (
        <section key={section.heading} aria-labelledby={section.id ?? undefined}>
          <h2 id={section.id}>{section.heading}</h2>
          <BlockList blocks={section.blocks} />
          {(section.subsections ?? []).map((sub) => (
            <div key={sub.heading}>
              <h3 id={sub.id}>{sub.heading}</h3>
              <BlockList blocks={sub.blocks} />
            </div>
          ))}
        </section>
      ))}
      <p>
        <Link to="/">Back to Astrelle</Link>
      </p>
    </Article>
  );
}
