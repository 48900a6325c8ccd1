import { type RefObject, useEffect, useState } from 'react';

export type StreamState = 'loading' | 'playing' | 'retrying';

/**
 * Plays an HLS URL in a <video>: hls.js (its light build, loaded only here) where the browser
 * needs Media Source Extensions, the native player where it has HLS itself (Safari). A fatal
 * error or a stall turns the state to 'retrying' and the stream is opened again after a pause,
 * until it plays. `wallClock` is the camera's time of the frame on screen
 * (EXT-X-PROGRAM-DATE-TIME), when the playlist carries it.
 */
export function useHls(
  video: RefObject<HTMLVideoElement | null>,
  url: string | undefined,
  options: { live: boolean; retryMs?: number } = { live: true },
): { state: StreamState; wallClock: Date | undefined } {
  const [state, setState] = useState<StreamState>('loading');
  const [wallClock, setWallClock] = useState<Date | undefined>();
  const retryMs = options.retryMs ?? 3000;
  const live = options.live;

  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let destroy: () => void = () => {};
    let lastTime = -1;
    let stalledTicks = 0;

    const start = async () => {
      if (disposed) return;
      setState('loading');
      const { default: Hls } = await import('hls.js/light');
      if (disposed) return;
      const fail = () => {
        if (disposed) return;
        setState('retrying');
        destroy();
        retry = setTimeout(() => void start(), retryMs);
      };
      if (Hls.isSupported()) {
        const hls = new Hls({
          lowLatencyMode: false,
          liveSyncDurationCount: 2,
          manifestLoadingMaxRetry: 1,
          levelLoadingMaxRetry: 2,
          fragLoadingMaxRetry: 2,
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        const onTime = () => {
          if (hls.playingDate) setWallClock(new Date(hls.playingDate.getTime()));
        };
        element.addEventListener('timeupdate', onTime);
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => {
          element.removeEventListener('timeupdate', onTime);
          hls.destroy();
        };
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = url;
        const onError = () => fail();
        element.addEventListener('error', onError);
        destroy = () => {
          element.removeEventListener('error', onError);
          element.removeAttribute('src');
          element.load();
        };
      } else {
        fail();
        return;
      }
      element.play().catch(() => {
        // Autoplay refused (sound policies): the controls let the person start it.
      });
    };

    // Playing as soon as the picture moves; the watchdog below notices when it stops.
    const onProgress = () => {
      if (!element.paused && element.currentTime !== lastTime) setState('playing');
    };
    element.addEventListener('timeupdate', onProgress);

    // A live picture that stops moving for a while is a dropped stream, even without an error.
    const watchdog = setInterval(() => {
      if (disposed) return;
      const t = element.currentTime;
      if (t !== lastTime && !element.paused) {
        lastTime = t;
        stalledTicks = 0;
        setState('playing');
      } else if (live && !element.paused) {
        stalledTicks += 1;
        if (stalledTicks >= 8) {
          stalledTicks = 0;
          setState('retrying');
          destroy();
          void start();
        }
      }
    }, 1000);

    void start();
    return () => {
      disposed = true;
      clearTimeout(retry);
      clearInterval(watchdog);
      element.removeEventListener('timeupdate', onProgress);
      destroy();
    };
  }, [video, url, live, retryMs]);

  return { state, wallClock };
}
