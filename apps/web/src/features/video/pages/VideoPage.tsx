import { PageHeader } from '@/components/ui/PageHeader';

export function VideoPage() {
  return (
    <PageHeader
      title="Video Surveillance"
      description="Live camera views, playback and motion events are coming here soon."
    />
  );
}
