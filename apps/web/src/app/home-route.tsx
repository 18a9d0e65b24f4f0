import { lazy, Suspense } from 'react';
import { HomePage } from '../features/home/home-page';

// Its own chunk, loaded after the generator is on screen: /home's first paint does not wait for it.
const RecommendedBy = lazy(async () => {
  const module = await import('../features/people/recommended-by');
  return { default: module.RecommendedBy };
});

/** /home: the generator, then the people's recommendations (features meet here, not in each other). */
export function HomeRoute() {
  return (
    <HomePage
      below={
        <Suspense fallback={null}>
          <RecommendedBy />
        </Suspense>
      }
    />
  );
}
