import type { SingleChoiceScreen as SingleChoiceScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { OptionCard, OptionIcon, OptionList } from '../choice-styles';
import { textFor } from '../../engine/text-variants';

/** One tap answers and moves on; the previous answer is marked when the visitor comes back. */
export function SingleChoiceScreen({ screen, answer, send, flags }: ScreenProps<SingleChoiceScreenData>) {
  const titleId = `${screen.id}-title`;
  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)} titleId={titleId}>
      <OptionList aria-labelledby={titleId}>
        {screen.options.map((option) => (
          <li key={option.value}>
            <OptionCard
              type="button"
              aria-pressed={answer === option.value}
              data-selected={answer === option.value || undefined}
              onClick={() => send({ type: 'ANSWER', value: option.value })}
            >
              {option.icon ? <OptionIcon aria-hidden="true">{option.icon}</OptionIcon> : null}
              <span>{option.label}</span>
            </OptionCard>
          </li>
        ))}
      </OptionList>
    </ScreenLayout>
  );
}
