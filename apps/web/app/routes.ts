import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('blog', 'routes/blog.tsx'),
  route('userforum', 'routes/forum.tsx'),
  route('post/:postId', 'routes/post.tsx'),
  // '/post/' with nothing after it: the same page, which then says 'Invalid post ID'.
  route('post', 'routes/post.tsx', { id: 'post-without-id' }),
  route('SearchPage', 'routes/search.tsx'),
  route('infopic', 'routes/infopic.tsx'),
  route('webstories', 'routes/webstories.tsx'),
  // '/webstory/:storyId' in the specification is this same route (decisions.md section 1).
  route('webstory/:id', 'routes/webstory.tsx'),
  // '/image/' with nothing after it is the same page, which then says 'No image available'.
  route('image/:imageUrl?', 'routes/image.tsx'),
  route('devbit/:imageUrl?', 'routes/devbit.tsx'),
  route('daylow', 'routes/daylow.tsx'),
  route('tradingViewData', 'routes/trading-view-data.tsx'),
  route('volat', 'routes/volat.tsx'),
  route('breakout', 'routes/breakout.tsx'),
  route('stocks', 'routes/stocks.tsx'),
  route('trendingNow', 'routes/trending-now.tsx'),
  route('captions', 'routes/captions.tsx'),
  route('disclaimer', 'routes/legal/disclaimer.tsx'),
  route('privacy-policy', 'routes/legal/privacy-policy.tsx'),
  route('privacy-policy/full', 'routes/legal/privacy-policy-full.tsx'),
  route('terms-of-service', 'routes/legal/terms-of-service.tsx'),
  route('terms-of-service/full', 'routes/legal/terms-of-service-full.tsx'),
  route('affiliate-disclosure', 'routes/legal/affiliate-disclosure.tsx'),
  route('aboutus', 'routes/legal/about-us.tsx'),
  // The daily news home arrives with its own issue; until then '/' is an honest 404, not an empty page.
  index('routes/not-found.tsx', { id: 'home-not-yet' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
