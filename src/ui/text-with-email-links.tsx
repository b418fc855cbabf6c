/** An email address in running text (the trailing full stop of a sentence is not part of it). */
const emailAddress = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/;

/**
 * Plain text with every email address in it (the support address in the legal pages) as a mailto: link. The text
 * is split and rendered as text nodes and links, never parsed as HTML.
 */
export function TextWithEmailLinks({ text }: { text: string }) {
  // split() with a capturing pattern puts each address at an odd index.
  const parts = text.split(emailAddress);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
