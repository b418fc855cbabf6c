import styled, { css } from 'styled-components';
import { canHover } from '../ui/theme';

export const OptionList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

/** One option card; used by a button (single choice) and a label around a checkbox (multiple choice). */
export const OptionCard = styled.button<{ $selected?: boolean }>`
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
  background: ${({ theme, $selected }) => ($selected ? `linear-gradient(${theme.colors.tint}, ${theme.colors.tint}), ${theme.colors.surfaceSolid}` : theme.colors.surfaceSolid)};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.brandStrong : theme.colors.controlBorder)};
  box-shadow: ${({ theme, $selected }) => ($selected ? `0 0 0 1px ${theme.colors.brandStrong}` : `0 1px 2px ${theme.colors.shadow}`)};
  transition: border-color 120ms ease, transform 120ms ease;
  /* Only where a pointer really hovers: after a tap, :hover stays on whatever is under the finger. */
  ${({ $selected }) =>
    $selected
      ? ''
      : css`
          ${canHover} { &:hover { border-color: ${({ theme }) => theme.colors.brand}; } }
        `}
  &:active { transform: scale(0.99); }
`;

export const OptionIcon = styled.span`
  font-size: 22px;
  line-height: 1;
  width: 28px;
  text-align: center;
`;
