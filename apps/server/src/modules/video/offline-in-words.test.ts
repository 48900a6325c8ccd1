import { describe, expect, it } from 'vitest';
import { offlineInWords } from './offline-in-words';

describe('offlineInWords', () => {
  it.each([
    [
      'http://127.0.0.1:39829/car-park.ts: Server returned 404 Not Found',
      'there is no stream at the address Atrium has for it',
    ],
    [
      'rtsp://10.0.0.9/stream: Server returned 401 Unauthorized (authorization failed)',
      'it refused the username or password Atrium has for it',
    ],
    ['Connection to tcp://10.0.0.9:554 failed: Connection refused', 'nothing answers at its address'],
    ['Failed to resolve hostname cam.local: Name or service not known', 'its address cannot be reached'],
    ['No frame for 10 s', 'it stopped sending pictures'],
    ['Invalid data found when processing input', 'what it sends is not video Atrium can read'],
    ['Something nobody foresaw', 'its video could not be read'],
  ])('says %s as "%s"', (reason, words) => {
    expect(offlineInWords(reason)).toBe(words);
  });
});
