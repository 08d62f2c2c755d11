import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/speechrecognition')({
  beforeLoad: guardRoute('/speechrecognition'),
  component: () => <ComingSoon title="Speech recognition" />,
});
