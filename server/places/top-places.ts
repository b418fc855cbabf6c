// The running best of a search: each place once, at its best score, the top few kept in order.

/** Keeps the best `capacity` places seen (highest score first), each once at its best score, with the other name that gave it. */
export class TopPlaces {
  private readonly places: number[] = [];
  private readonly scores: number[] = [];
  private readonly others: number[] = [];

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.places.length;
  }

  /** The best score held (-Infinity when none). */
  get best(): number {
    return this.scores[0] ?? -Infinity;
  }

  offer(place: number, score: number, other: number): void {
    // Most offers from a long prefix range lose to the current last place; rejecting them first
    // keeps one-letter queries cheap. A place already held can only improve if it beats the last.
    if (this.places.length === this.capacity && !this.ranksBefore(place, score, this.capacity - 1)) return;
    const existing = this.places.indexOf(place);
    if (existing >= 0) {
      if (score <= this.scores[existing]!) return;
      this.remove(existing);
    }
    let at = this.places.length;
    while (at > 0 && this.ranksBefore(place, score, at - 1)) at--;
    this.places.splice(at, 0, place);
    this.scores.splice(at, 0, score);
    this.others.splice(at, 0, other);
    if (this.places.length > this.capacity) this.remove(this.capacity);
  }

  /** [place, other name index or -1], best first. */
  entries(): Array<[number, number]> {
    return this.places.map((place, i) => [place, this.others[i]!]);
  }

  private ranksBefore(place: number, score: number, slot: number): boolean {
    if (score !== this.scores[slot]) return score > this.scores[slot]!;
    // Index order is GeoNames order: arbitrary, but it keeps results stable between calls.
    return place < this.places[slot]!;
  }

  private remove(slot: number): void {
    this.places.splice(slot, 1);
    this.scores.splice(slot, 1);
    this.others.splice(slot, 1);
  }
}
