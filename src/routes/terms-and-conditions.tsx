import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/terms-and-conditions')({
  beforeLoad: guardRoute('/terms-and-conditions'),
  component: () => <ComingSoon title="Terms and conditions" />,
});
