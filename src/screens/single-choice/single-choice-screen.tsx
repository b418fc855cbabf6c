import type { SingleChoiceScreen as SingleChoiceScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { OptionCard, OptionIcon, OptionList } from '../choice-styles';

/** One tap answers and moves on; the previous answer is marked when the visitor comes back. */
export function SingleChoiceScreen({ screen, answer, send }: ScreenProps<SingleChoiceScreenData>) {
  const titleId = `${screen.id}-title`;
  return (
    <ScreenLayout screenId={screen.id} title={screen.title} subtitle={screen.subtitle} titleId={titleId}>
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
