import type { DepartmentSummary } from '@atrium/contract';

export interface TreeRow {
  department: DepartmentSummary;
  /** 0 at the top of the tree. */
  depth: number;
  /** Names from the top down to its parent: "Operations > Logistics". */
  path: string[];
}

/**
 * Departments in tree order: each top-level one by name, followed by those inside it, by name,
 * depth first. One whose parent is missing from the list shows at the top rather than not at all.
 */
export function departmentTree(list: readonly DepartmentSummary[]): TreeRow[] {
  const ids = new Set(list.map((d) => d.id));
  const children = new Map<number | null, DepartmentSummary[]>();
  for (const d of list) {
    const parent = d.parent_id !== null && ids.has(d.parent_id) ? d.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number, path: string[]) => {
    const inside = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const department of inside) {
      if (seen.has(department.id)) continue;
      seen.add(department.id);
      rows.push({ department, depth, path });
      walk(department.id, depth + 1, [...path, department.name]);
    }
  };
  walk(null, 0, []);
  return rows;
}

/** The ids of `id` and every department inside it, at any depth: none of them can be its parent. */
export function selfAndInside(list: readonly DepartmentSummary[], id: number): Set<number> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of list)
      if (d.parent_id !== null && out.has(d.parent_id) && !out.has(d.id)) {
        out.add(d.id);
        grew = true;
      }
  }
  return out;
}
