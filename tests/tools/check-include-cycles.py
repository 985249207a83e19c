#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-include-cycles.py — no include cycle among the files of a source
directory. TAP, one result per directory of src/.

A file's module is its name without .c or .h (isle-game.c and isle-game.h
are the module isle-game). A class written over several files that share
a private header, as gnome-text-editor writes its window, is one module:
foo-private.h belongs to foo, and so does every .c file that includes it
(isle-window.c, isle-window-actions.c and isle-window-private.h are the
module isle-window). A module depends on another when one of its
files includes the other's header ("…"). A cycle is modules that depend on
each other, directly or through other modules and headers: foo.c includes
bar.h while bar.c includes foo.h, or foo.c includes bar.h, bar.c baz.h and
baz.h foo.h. A directory fails when a cycle passes through one of its
modules; the message gives one loop of the cycle and every include
between its modules.

usage: check-include-cycles.py SRCDIR
"""
import os
import re
import sys

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, finish  # noqa: E402

DIRECTORIES = ["src/engine", "src/ai", "src/search", "src/model", "src/ui", "src/cli"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def sources(src):
    """Every .c and .h of src/, by path relative to SRC."""
    found = []
    for top, dirs, files in os.walk(os.path.join(src, "src")):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                found.append(os.path.relpath(os.path.join(top, name), src))
    return found


# Files that belong to the module of the private header they include.
PARTS = {}


def module(path):
    if path in PARTS:
        return PARTS[path]
    base = os.path.splitext(path)[0]
    return base[:-len("-private")] if base.endswith("-private") else base


def find_parts(included):
    """Each .c file that includes a foo-private.h is a part of foo."""
    for path, targets in included.items():
        if path.endswith(".c"):
            for target in targets:
                if os.path.splitext(target)[0].endswith("-private"):
                    PARTS[path] = module(target)


def strip_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)


def includes(src, paths):
    """For each file, the files of src/ it includes: a name is looked up
    next to the including file first, then anywhere in src/ (the build puts
    every directory of src/ on the include path). Generated and system
    headers are not in src/ and are left out."""
    known = set(paths)
    by_name = {}
    for path in paths:
        by_name.setdefault(os.path.basename(path), []).append(path)
    result = {}
    for path in paths:
        with open(os.path.join(src, path), encoding="utf-8") as f:
            text = strip_comments(f.read())
        found = []
        for name in INCLUDE.findall(text):
            beside = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if beside in known:
                found.append(beside)
            elif len(by_name.get(os.path.basename(name), [])) == 1:
                found.append(by_name[os.path.basename(name)][0])
        result[path] = found
    return result


def module_graph(included):
    """Module → the other modules whose header its files include."""
    graph = {}
    for path, targets in included.items():
        edges = graph.setdefault(module(path), set())
        for target in targets:
            if target.endswith(".h") and module(target) != module(path):
                edges.add(module(target))
    return graph


def components(graph):
    """The strongly connected components of GRAPH (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
    return found


def loop(graph, component):
    """One loop through the first module of COMPONENT, for the message."""
    members = set(component)
    start = component[0]
    # Breadth first back to START, inside the component.
    previous = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph.get(node, ())):
            if child not in members:
                continue
            if child == start:
                path = [node]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                return list(reversed(path)) + [start]
            if child not in previous:
                previous[child] = node
                queue.append(child)
    return component


def describe(graph, included, component):
    """A cycle: one loop through it, then every include between its
    modules ("isle-a.c includes isle-b.h"), one a line."""
    members = set(component)
    names = " → ".join(os.path.basename(m) for m in loop(graph, component))
    lines = [f"cycle: {names}"]
    for a in component:
        for f in (a + ".c", a + ".h"):
            for t in included.get(f, ()):
                if t.endswith(".h") and module(t) in members and module(t) != a:
                    lines.append(f"  {os.path.basename(f)} includes {os.path.basename(t)}")
    return "\n".join(lines)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..")
    paths = sources(src)
    included = includes(src, paths)
    find_parts(included)
    graph = module_graph(included)
    cycles = [c for c in components(graph) if len(c) > 1]
    for directory in DIRECTORIES:
        mine = [c for c in cycles
                if any(os.path.dirname(m) == directory for m in c)]
        detail = "\n".join(describe(graph, included, c) for c in mine)
        check(f"{directory}: no include cycle", not mine, detail)
    finish()


if __name__ == "__main__":
    main()
