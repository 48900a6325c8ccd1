import { useLocation } from 'react-router';
import { sectionName } from './nav-items';

/**
 * On small screens the navigation is hidden, so this bar says where the user is. It bleeds
 * over main's padding to span the screen.
 */
export function SectionBar() {
  const { pathname } = useLocation();
  return (
    <div
      data-testid="current-section"
      className="sticky top-16 z-30 -mx-4 -mt-6 mb-6 border-b border-slate-200 bg-white/95 px-4 py-2.5 text-sm font-semibold text-slate-800 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      {sectionName(pathname)}
    </div>
  );
}
