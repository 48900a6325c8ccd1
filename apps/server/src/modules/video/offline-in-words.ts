/**
 * What an alert tells people about a camera gone offline, from ffmpeg's last error: the reason in
 * words a person can act on. The technical line stays in the camera's events (video_events.detail).
 */
const WORDS: [RegExp, string][] = [
  [/\b40[13]\b|unauthori[sz]ed|forbidden/i, 'it refused the username or password Atrium has for it'],
  [/\b404\b|not found/i, 'there is no stream at the address Atrium has for it'],
  [/connection refused/i, 'nothing answers at its address'],
  [
    /resolve|name or service not known|no route to host|network is unreachable/i,
    'its address cannot be reached',
  ],
  [/timed? ?out|no frame for/i, 'it stopped sending pictures'],
  [/invalid data|could not find codec|unsupported|no picture/i, 'what it sends is not video Atrium can read'],
];

export function offlineInWords(reason: string): string {
  return WORDS.find(([pattern]) => pattern.test(reason))?.[1] ?? 'its video could not be read';
}
