import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { RecordDictationPage } from '../features/recording/components/record-dictation-page';

export const Route = createFileRoute('/recorddictation')({
  beforeLoad: guardRoute('/recorddictation'),
  component: RecordDictationPage,
});
