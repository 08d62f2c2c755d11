import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../app/guard';
import { DraftDictationPage } from '../../features/dictation-view/draft-dictation-page';

export const Route = createFileRoute('/draftdictation/$dictation')({
  beforeLoad: guardRouteIds('/draftdictation/$dictation', ['dictation']),
  component: Show,
});

function Show() {
  const { dictation } = Route.useParams();
  return <DraftDictationPage key={dictation} id={Number(dictation)} />;
}
