/**
 * Splits an MJPEG byte stream (ffmpeg's image2pipe) into whole JPEG images. A JPEG ends with
 * the EOI marker FF D9, which cannot occur inside its entropy-coded data (FF is stuffed there).
 */
export class JpegFrames {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(
    private readonly onFrame: (jpeg: Buffer) => void,
    private readonly maxBytes = 2 * 1024 * 1024,
  ) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const start = this.buffer.indexOf(SOI);
      if (start < 0) {
        this.buffer = Buffer.alloc(0);
        return;
      }
      const end = this.buffer.indexOf(EOI, start + 2);
      if (end < 0) {
        if (start > 0) this.buffer = this.buffer.subarray(start);
        if (this.buffer.length > this.maxBytes) this.buffer = Buffer.alloc(0);
        return;
      }
      this.onFrame(Buffer.from(this.buffer.subarray(start, end + 2)));
      this.buffer = this.buffer.subarray(end + 2);
    }
  }
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
