#!/usr/bin/env python3
"""The project's include graph, checked for cycles (docs/architecture.md).

Two graphs are built from the `#include "..."` lines of the project's own
sources (quoted includes only: system and LLVM headers are not ours):

- files: a header or source includes a header. A cycle here is a header that
  reaches itself.
- sources: source A depends on source B when A includes (directly or through
  other headers) a header that declares a function B defines, and calls it.
  A cycle here is two parts of the model calling each other through a shared
  header, as when an estimate's result type and its stages were declared in
  one header that the stages included.
- folders: a file in folder A includes a header in folder B (A != B). The
  runtime's folders are the model's layers (kernel, hardware, launch, cache,
  limiters, estimate, report, profile); a cycle between them means a result
  type lives above a model that fills it.

Also checks that no .c file is over the line limit unless
docs/architecture.md names it in its "Long files" list.

  include_graph.py [--root DIR] [--dot]     exit 1 on a cycle or a long file
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCE_DIRS = ("runtime/src", "runtime/tools", "runtime/include", "pass")
# where a quoted include is looked up, after the including file's own folder
SEARCH_DIRS = ("runtime/src", "runtime/include", "pass")
LINE_LIMIT = 800


def project_files(root):
    out = []
    for d in SOURCE_DIRS:
        for base, _, names in os.walk(os.path.join(root, d)):
            for n in names:
                if n.endswith((".c", ".h", ".cpp")):
                    out.append(os.path.relpath(os.path.join(base, n), root))
    return sorted(out)


def resolve(root, including, name):
    for d in (os.path.dirname(including),) + SEARCH_DIRS:
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def file_graph(root):
    """{file: sorted list of project headers it includes}, plus unresolved."""
    graph, unresolved = {}, []
    for f in project_files(root):
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        edges = set()
        for name in INCLUDE.findall(text):
            target = resolve(root, f, name)
            if target is None:
                unresolved.append((f, name))
            else:
                edges.add(target)
        graph[f] = sorted(edges)
    return graph, unresolved


DECLARED = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\(", re.M)
DEFINED = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;]*$", re.M)
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "defined"}


def _read(root, f):
    with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
        return fh.read()


def source_graph(root, graph):
    """{source: sorted sources it depends on} through declared functions."""
    sources = [f for f in graph if f.endswith((".c", ".cpp"))]
    owner = {}
    for src in sources:
        for name in DEFINED.findall(_read(root, src)):
            if name not in KEYWORDS:
                owner.setdefault(name, set()).add(src)
    declares = {}
    for h in graph:
        if h.endswith(".h"):
            text = re.sub(r"/\*.*?\*/", "", _read(root, h), flags=re.S)
            declares[h] = {n for n in DECLARED.findall(text) if n not in KEYWORDS}

    def reach(f, seen):
        for t in graph.get(f, ()):
            if t not in seen:
                seen.add(t)
                reach(t, seen)
        return seen

    part = {s: s for s in sources}
    out = {}
    for s in sources:
        deps = out.setdefault(part[s], set())
        used = set(re.findall(r"\b(\w+)\s*\(", _read(root, s)))
        for h in reach(s, set()):
            for name in declares.get(h, set()) & used:
                for o in owner.get(name, ()):
                    if part[o] != part[s]:
                        deps.add(part[o])
    return {k: sorted(v) for k, v in out.items()}


def folder_graph(graph):
    folders = {}
    for f, edges in graph.items():
        a = os.path.dirname(f)
        folders.setdefault(a, set())
        for t in edges:
            b = os.path.dirname(t)
            if a != b:
                folders[a].add(b)
    return {k: sorted(v) for k, v in folders.items()}


def find_cycle(graph):
    """One cycle as a list of nodes (first == last), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in graph}
    stack = []

    def visit(n):
        colour[n] = GREY
        stack.append(n)
        for m in graph.get(n, ()):
            if colour.get(m, WHITE) == GREY:
                return stack[stack.index(m):] + [m]
            if colour.get(m, WHITE) == WHITE:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        colour[n] = BLACK
        return None

    sys.setrecursionlimit(max(1000, 4 * len(graph) + 100))
    for n in sorted(graph):
        if colour[n] == WHITE:
            found = visit(n)
            if found:
                return found
    return None


def long_files(root):
    """.c files over LINE_LIMIT lines that docs/architecture.md does not excuse."""
    doc = os.path.join(root, "docs", "architecture.md")
    excused = ""
    if os.path.isfile(doc):
        with open(doc, encoding="utf-8") as fh:
            excused = fh.read()
    out = []
    for f in project_files(root):
        if not f.endswith(".c"):
            continue
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            n = sum(1 for _ in fh)
        if n > LINE_LIMIT and ("`%s`" % f) not in excused:
            out.append((f, n))
    return out


def check(root):
    """A list of problems (empty when the tree is clean)."""
    problems = []
    graph, unresolved = file_graph(root)
    # unresolved names are other projects' headers (LLVM's, json-c's)
    del unresolved
    cycle = find_cycle(graph)
    if cycle:
        problems.append("include cycle between files: " + " -> ".join(cycle))
    cycle = find_cycle(source_graph(root, graph))
    if cycle:
        problems.append("cycle between sources through their headers: " + " -> ".join(cycle))
    cycle = find_cycle(folder_graph(graph))
    if cycle:
        problems.append("include cycle between folders: " + " -> ".join(cycle))
    for f, n in long_files(root):
        problems.append("%s: %d lines, over %d, and docs/architecture.md gives no reason"
                        % (f, n, LINE_LIMIT))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--dot", action="store_true", help="print the folder graph as Graphviz dot")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    if args.dot:
        graph, _ = file_graph(root)
        print("digraph folders {")
        for a, bs in sorted(folder_graph(graph).items()):
            for b in bs:
                print('  "%s" -> "%s";' % (a, b))
        print("}")
        return 0
    problems = check(root)
    for p in problems:
        print("include_graph: " + p, file=sys.stderr)
    if not problems:
        graph, _ = file_graph(root)
        print("include_graph: %d files, %d folders, no cycles"
              % (len(graph), len(folder_graph(graph))))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
