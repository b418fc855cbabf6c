import styled, { css } from 'styled-components';
import { canHover } from '../ui/theme';

export const OptionList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

/** How a chosen card (an option, an offer) is marked: tinted, its border in the brand colour. */
export const chosenCard = css`
  background: linear-gradient(${({ theme }) => theme.colors.tint}, ${({ theme }) => theme.colors.tint}), ${({ theme }) => theme.colors.surfaceSolid};
  border-color: ${({ theme }) => theme.colors.brandStrong};
`;

/**
 * One option card; used by a button (single choice) and a label around a checkbox (multiple choice). The answer
 * given is marked by `data-selected` on the element, which these rules select on: a prop would make a class of its
 * own, a CSS rule inserted by the tap that first marks an answer (tests/tap-styles.spec.ts).
 */
export const OptionCard = styled.button`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 56px;
  padding: 12px 16px;
  border-radius: 14px;
  text-align: left;
  font-size: 17px;
  font-weight: 500;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  box-shadow: 0 1px 2px ${({ theme }) => theme.colors.shadow};
  transition: border-color 120ms ease, transform 120ms ease;
  &[data-selected] {
    ${chosenCard}
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.brandStrong};
  }
  /* Only where a pointer really hovers: after a tap, :hover stays on whatever is under the finger. */
  ${canHover} { &:not([data-selected]):hover { border-color: ${({ theme }) => theme.colors.brand}; } }
  &:active { transform: scale(0.99); }
`;

export const OptionIcon = styled.span`
  font-size: 22px;
  line-height: 1;
  width: 28px;
  text-align: center;
`;
