import type { ReactNode } from 'react';
import { Eyebrow, Heading, Stack, Subtitle } from '../ui/primitives';
import { useFocusHeading } from './use-focus-heading';

/** The common frame of a screen: eyebrow, heading (focused on arrival), subtitle, content. */
export function ScreenLayout(props: {
  screenId: string;
  eyebrow?: string | undefined;
  title: string;
  subtitle?: string | undefined;
  children: ReactNode;
  titleId?: string;
}) {
  const headingRef = useFocusHeading(props.screenId);
  return (
    <Stack $gap={20}>
      <Stack $gap={8}>
        {props.eyebrow ? <Eyebrow>{props.eyebrow}</Eyebrow> : null}
        <Heading ref={headingRef} tabIndex={-1} id={props.titleId}>
          {props.title}
        </Heading>
        {props.subtitle ? <Subtitle>{props.subtitle}</Subtitle> : null}
      </Stack>
      {props.children}
    </Stack>
  );
}
