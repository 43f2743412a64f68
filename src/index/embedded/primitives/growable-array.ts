/** A `Uint32Array` that grows as values are pushed (by doubling, or at once with `reserve`). */
export class GrowableUint32Array {
  private data = new Uint32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(this.data.length * 2);
    this.data[this.length++] = value;
  }

  reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    const bigger = new Uint32Array(capacity);
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }

  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}
