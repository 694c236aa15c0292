/**
 * Which rows keep their place when a file puts a manually ordered source in a new order: the
 * longest run, in file order, whose current positions rise (patience sorting, O(n log n)). The
 * others are the fewest rows that must move for the source to read as the file does; true marks
 * a row that stays.
 */
export function rowsThatStay(positions: readonly number[]): boolean[] {
  // tails[k]: index of the smallest last position of a rising run of length k + 1
  const tails: number[] = [];
  const previous = new Int32Array(positions.length).fill(-1);
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positions[tails[middle]!]! < position) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const stays = new Array<boolean>(positions.length).fill(false);
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) stays[i] = true;
  return stays;
}
