import { describe, expect, it } from 'vitest';
import { didYouMean, nearestName } from './did-you-mean';

describe('nearestName', () => {
  const ids = ['relationship-status', 'relationship-goal', 'profile-name', 'email'];

  it('names the candidate a slip of the keyboard meant', () => {
    expect(nearestName('relationship-stauts', ids)).toBe('relationship-status');
    expect(nearestName('emial', ids)).toBe('email');
    expect(nearestName('profile-nam', ids)).toBe('profile-name');
  });

  it('names none when nothing is near enough to be a slip', () => {
    expect(nearestName('checkout', ids)).toBeUndefined();
    expect(nearestName('x', ['y'])).toBe('y');
    expect(nearestName('xy', ['ab'])).toBeUndefined();
    expect(nearestName('anything', [])).toBeUndefined();
  });

  it('makes the hint a question when it has a name, and keeps the plain hint when not', () => {
    expect(didYouMean('emial', ids, 'use the id of a screen in this flow')).toBe('did you mean "email"?');
    expect(didYouMean('checkout', ids, 'use the id of a screen in this flow')).toBe('use the id of a screen in this flow');
  });
});
