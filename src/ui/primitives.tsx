import styled, { css } from 'styled-components';
import { canHover, up } from './theme';

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 16 }) => $gap}px;
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 52px;
  padding: 12px 20px;
  border-radius: 14px;
  border: 0;
  font-weight: 600;
  font-size: 17px;
  cursor: pointer;
  text-decoration: none;
  transition: transform 120ms ease, background-color 120ms ease, box-shadow 120ms ease;
  &:active:not(:disabled) { transform: scale(0.98); }
  &:disabled { cursor: not-allowed; opacity: 0.55; }
`;

export const PrimaryButton = styled.button`
  ${buttonBase};
  width: 100%;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: 0 8px 20px rgba(108, 69, 201, 0.3);
  ${canHover} { &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; } }
`;

export const SecondaryButton = styled.button`
  ${buttonBase};
  width: 100%;
  color: ${({ theme }) => theme.colors.brandStrong};
  background: transparent;
  border: 2px solid ${({ theme }) => theme.colors.brandStrong};
  ${canHover} { &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.tint}; } }
`;

export const Heading = styled.h1`
  /* Focused by script on each new screen for screen readers; not a control, so no focus ring. */
  &:focus { outline: none; }
  font-size: 26px;
  font-weight: 700;
  ${up('sm')} { font-size: 30px; }
`;

export const Subtitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 16px;
`;

export const Eyebrow = styled.p`
  margin: 0;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: 13px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandStrong};
`;

export const FieldLabel = styled.label`
  font-weight: 600;
  font-size: 15px;
`;

export const inputStyles = css`
  width: 100%;
  min-height: 52px;
  padding: 12px 14px;
  border-radius: 12px;
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  font-size: 17px;
  /* The border turns brand on focus; the focus ring (global :focus-visible) stays, so focus never rests on colour alone. */
  &:focus { border-color: ${({ theme }) => theme.colors.brandStrong}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
`;

export const TextInput = styled.input`
  ${inputStyles};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 15px;
  font-weight: 500;
`;
