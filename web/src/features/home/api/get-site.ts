// The site content is shared code (the frame's footer and nav read it too);
// the home page imports it from here.
export { getSite, siteQueryOptions, useSite } from '../../../lib/site-content';
