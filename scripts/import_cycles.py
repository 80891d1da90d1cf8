#!/usr/bin/env python3
"""Lists import cycles, so the layering stays one-directional inside each crate: between source files, and
between the modules of each folder (a module standing for every file below it).

A file depends on another when it names an item defined there: through `use`, a `crate::`/`super::` path in
code, or a `pub use` re-export, which is followed to the file that defines the item. Test modules
(`#[cfg(test)]` onwards, and the `*_tests.rs` files they include) are ignored. Two sibling modules are in a cycle when some file below each depends on
a file below the other, however indirectly through other siblings: `config` and `tui`, say, or `mcts/node`
and `mcts/tree`. Exit status 1 when there is a cycle.

Usage: scripts/import_cycles.py [CRATE_SRC_DIR ...]   (default: src crates/hextoe-core/src)
"""
import os
import re
import sys

def modules(root):
    """Maps a module path (tuple) to its file, for every .rs file under root."""
    out = {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            # Test modules kept in files of their own (`#[path = "x_tests.rs"] mod tests;`) are tests.
            if not f.endswith('.rs') or f.endswith('_tests.rs'):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), root)[:-3].split(os.sep)
            if rel[-1] in ('mod', 'lib', 'main'):
                rel = rel[:-1]
            out[tuple(rel)] = os.path.join(dirpath, f)
    return out

def source(path):
    text = open(path, encoding='utf-8').read()
    cut = text.find('#[cfg(test)]')
    text = text if cut < 0 else text[:cut]
    return re.sub(r'//[^\n]*', '', text)

def expand(tree):
    """Expands a use tree like `a::{b, c::{d, e}}` into paths."""
    tree = re.sub(r'\s+as\s+\w+', '', tree)
    tree = tree.replace(' ', '').replace('\n', '')
    m = re.match(r'^(.*?)\{(.*)\}$', tree)
    if not m:
        return [tree]
    prefix, body = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ''
    for ch in body:
        if ch == ',' and depth == 0:
            parts.append(cur); cur = ''
            continue
        depth += ch == '{'
        depth -= ch == '}'
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand(prefix + part)]

def absolute(mod, path):
    segs = path.split('::')
    if segs[0] == 'crate':
        return tuple(segs[1:])
    base = list(mod)
    while segs and segs[0] in ('super', 'self'):
        if segs[0] == 'super':
            base = base[:-1]
        segs = segs[1:]
    return tuple(base + segs) if path.startswith(('super', 'self')) else None

def main():
    roots = sys.argv[1:] or ['src', 'crates/hextoe-core/src']
    bad = False
    for root in roots:
        mods = modules(root)
        texts = {m: source(f) for m, f in mods.items()}
        reexports = {}
        for m, t in texts.items():
            for tree in re.findall(r'pub(?:\([a-z]+\))?\s+use\s+([^;]+);', t):
                for p in expand(tree):
                    a = absolute(m, p) or (m + tuple(p.split('::')))
                    reexports[(m, a[-1])] = a

        def resolve(path, seen=0):
            for k in range(len(path), 0, -1):
                if path[:k] in mods:
                    m, rest = path[:k], path[k:]
                    if rest and (m, rest[0]) in reexports and seen < 10:
                        return resolve(reexports[(m, rest[0])], seen + 1)
                    return m
            return None

        edges = {m: set() for m in mods}
        for m, t in texts.items():
            paths = [p for tree in re.findall(r'\buse\s+([^;]+);', t) for p in expand(tree)]
            code = re.sub(r'\buse\s+[^;]+;', '', t)
            paths += re.findall(r'\b((?:crate|super)(?:::\w+)+)', code)
            children = {c[-1] for c in mods if len(c) == len(m) + 1 and c[:len(m)] == m}
            for c in children:
                paths += ['self::' + q for q in re.findall(r'(?<![:\w])(%s(?:::\w+)+)' % re.escape(c), code)]
            children = {c[-1] for c in mods if len(c) == len(m) + 1 and c[:len(m)] == m}
            for p in paths:
                # `use child::Item` in a module names its own child, as `self::child::Item` would.
                if p.split('::')[0] in children:
                    p = 'self::' + p
                a = absolute(m, p)
                if a is None:
                    continue
                target = resolve(a)
                if target is not None and target != m and target != m[:len(target)]:
                    edges[m].add(target)
                elif target is not None and target != m:
                    # an ancestor module: an edge only when the item is defined there, not re-exported
                    edges[m].add(target)
        for comp in cycles(edges):
            bad = True
            names = sorted(mods[c] for c in comp)
            print('cycle:', ' <-> '.join(names))
            for c in comp:
                for w in sorted(edges[c] & set(comp)):
                    print('   ', mods[c], '->', mods[w])
        # The same between the modules of each folder: an edge between two files is one between the
        # children of their nearest common ancestor that hold them.
        siblings = {}
        for a, targets in edges.items():
            for b in targets:
                k = 0
                while k < min(len(a), len(b)) and a[k] == b[k]:
                    k += 1
                if k == len(a) or k == len(b):
                    continue  # a module and its own ancestor
                g = siblings.setdefault(a[:k], {})
                g.setdefault(a[:k + 1], set()).add(b[:k + 1])
                g.setdefault(b[:k + 1], set())
        for parent, g in sorted(siblings.items()):
            for comp in cycles(g):
                bad = True
                where = '/'.join(parent) or '(crate root)'
                print(f'cycle between the modules of {root}/{where}:', ' <-> '.join(sorted(c[-1] for c in comp)))
                for c in sorted(comp):
                    for w in sorted(g[c] & set(comp)):
                        print('   ', c[-1], '->', w[-1])
    if not bad:
        print('no import cycles')
    return 1 if bad else 0


def cycles(edges):
    """The strongly connected components of more than one node of the graph `edges` (Tarjan)."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)
    for v in edges:
        if v not in index:
            visit(v)
    return comps


sys.exit(main())
