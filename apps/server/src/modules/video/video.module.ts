import os from 'node:os';
import path from 'node:path';
import type { AtriumModule, ModuleContext } from '../../core/module';
import { MediaTokens } from '../../video/media-token';
import type { AccessIngest } from '../access/ingest.service';
import type { AuthService } from '../auth/auth.service';
import { AccessSnapshots } from './access-snapshots';
import { cameraPushRoutes } from './camera-push.routes';
import { CameraPushService } from './camera-push.service';
import { MediaSessions } from './media-sessions';
import { videoRoutes } from './video.routes';
import { type PipelineControl, VideoService } from './video.service';

export interface VideoOptions {
  /** Where camera media live (DATA_DIR/video). */
  root: string;
  /** The running pipelines, when this process runs them. */
  pipelines?: PipelineControl;
}

/** Cameras, recordings, camera pushes and the pictures kept with door events. */
export function createVideoModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; signingKey: string; ingest: AccessIngest; log: (message: string) => void },
  video: VideoOptions | undefined,
): AtriumModule {
  const { db, bus, clock } = ctx;
  const tokens = new MediaTokens(deps.signingKey);
  const mediaSessions = new MediaSessions(deps.auth, bus);
  const cameraPush = new CameraPushService(db, bus, clock);
  const service = new VideoService({
    db,
    bus,
    tokens,
    videoRoot: video?.root ?? path.join(os.tmpdir(), 'atrium-no-video'),
    pipelines: video?.pipelines,
    clock,
    onPushSecretRotated: () => cameraPush.forgetSecrets(),
  });
  return {
    name: 'video',
    async routes(api) {
      await api.register(videoRoutes(service, deps.auth, tokens, mediaSessions));
      await api.register(cameraPushRoutes(cameraPush));
    },
    follow() {
      const stopSessions = mediaSessions.follow();
      cameraPush.start((error) => ctx.onError('ending silent camera motion', error));
      // Door events' pictures come from the cameras, in a process that has their media.
      const snapshots = video && new AccessSnapshots({ db, videoRoot: video.root, log: deps.log });
      const stopListening = snapshots && deps.ingest.onStored((events) => snapshots.take(events));
      return async () => {
        stopSessions();
        cameraPush.stop();
        stopListening?.();
        await snapshots?.settled();
      };
    },
  };
}
