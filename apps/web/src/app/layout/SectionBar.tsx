import { useLocation } from 'react-router';
import { sectionName } from './nav-items';

/** On small screens the navigation is hidden, so this bar says where the user is. */
export function SectionBar() {
  const { pathname } = useLocation();
  return (
    <div
      data-testid="current-section"
      className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 px-4 py-2.5 text-sm font-semibold text-slate-800 backdrop-blur sm:px-6 lg:hidden"
    >
      {sectionName(pathname)}
    </div>
  );
}
