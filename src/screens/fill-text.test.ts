import { describe, it, expect } from 'vitest';
import { fillText } from './fill-text';

describe('fillText', () => {
  it('inserts answers and signs', () => {
    expect(fillText('{answer:2-1}, your Sun is in {sunSign}', { answers: { '2-1': ' Maya ' }, sunSign: 'Taurus' })).toBe('Maya, your Sun is in Taurus');
  });

  it('inserts an answer stored under a named key', () => {
    expect(fillText('{answer:name}, your Sun is in {sunSign}', { answers: { name: 'Maya' }, sunSign: 'Taurus' })).toBe('Maya, your Sun is in Taurus');
  });

  it('drops the dangling comma when the name is missing', () => {
    expect(fillText('{answer:2-1}, your Sun is in {sunSign}', { answers: {}, sunSign: 'Leo' })).toBe('Your Sun is in Leo');
  });

  it('shows an answer that looks like a placeholder as typed', () => {
    expect(fillText('{answer:2-1}, your Sun is in {sunSign}', { answers: { '2-1': '{moonSign}' }, sunSign: 'Taurus', moonSign: 'Aquarius' })).toBe(
      '{moonSign}, your Sun is in Taurus',
    );
  });

  it('leaves braces that name no registered placeholder as typed', () => {
    expect(fillText('Your {sign} is in {sunSign}', { answers: {}, sunSign: 'Leo' })).toBe('Your {sign} is in Leo');
  });

  it('shows an ellipsis while a sign is not computed yet', () => {
    expect(fillText('Your Moon is in {moonSign}', { answers: {} })).toBe('Your Moon is in …');
  });
});

describe('fillText on a text with variants', () => {
  const title = { flag: 'accessHeadline', variants: { a: 'Unlock your reading, {answer:2-1}', b: '{answer:2-1}, see your stars' } };

  it('fills the variant of the visitor\'s flag value', () => {
    expect(fillText(title, { answers: { '2-1': 'Maya' }, flags: { accessHeadline: 'a' } })).toBe('Unlock your reading, Maya');
    expect(fillText(title, { answers: { '2-1': 'Maya' }, flags: { accessHeadline: 'b' } })).toBe('Maya, see your stars');
  });

  it('falls back to the first variant without flags', () => {
    expect(fillText(title, { answers: { '2-1': 'Maya' } })).toBe('Unlock your reading, Maya');
  });
});
