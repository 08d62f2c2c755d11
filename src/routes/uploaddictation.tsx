import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { UploadPage } from '../features/upload/upload-page';

export const Route = createFileRoute('/uploaddictation')({
  beforeLoad: guardRoute('/uploaddictation'),
  component: UploadPage,
});
