import { describe, expect, it } from 'vitest';
import { rowsThatStay } from './row-order.ts';

const moved = (positions: number[]) =>
  rowsThatStay(positions)
    .map((stays, i) => (stays ? null : positions[i]))
    .filter((p) => p !== null);

describe('rowsThatStay', () => {
  it('keeps every row of a file in the current order', () => {
    expect(rowsThatStay([])).toEqual([]);
    expect(rowsThatStay([1, 2, 3, 4])).toEqual([true, true, true, true]);
    // gaps in the positions do not matter, only their rise
    expect(rowsThatStay([3, 10, 11, 40])).toEqual([true, true, true, true]);
  });

  it('moves the fewest rows', () => {
    // one row brought to the front: only it moves
    expect(moved([5, 1, 2, 3, 4])).toEqual([5]);
    // one row sent to the back
    expect(moved([2, 3, 4, 5, 1])).toEqual([1]);
    // two rows swapped: one of them moves
    expect(moved([1, 3, 2, 4])).toHaveLength(1);
    // reversed: all but one move
    expect(moved([4, 3, 2, 1])).toHaveLength(3);
    // new rows (absent here) and deleted ones leave the rest where they were
    expect(moved([1, 4, 6, 9])).toEqual([]);
  });

  it('a tie is not a rise', () => {
    expect(rowsThatStay([2, 2])).toEqual([false, true]);
  });

  it('handles a large file', () => {
    const positions = Array.from({ length: 100_000 }, (_, i) => i);
    [positions[10], positions[99_990]] = [positions[99_990]!, positions[10]!];
    expect(moved(positions).sort((a, b) => a! - b!)).toEqual([10, 99_990]);
  });
});
