#!/usr/bin/env python3
"""Makefile helper: print the target dependency graph of a project.

Runs `make -pnrR` (print database, dry run) to get the fully expanded rule
set, parses it, and prints either Graphviz DOT or a build order for one
goal. The parsed graph is cached under ./.cache/makegraph keyed by the
Makefile contents, because `make -p` is slow on the big generated Makefiles.
"""
import argparse
import hashlib
import logging
import pickle
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("makegraph")
CACHE_DIR = Path(".cache") / "makegraph"
RULE_RE = re.compile(r"^([^\s#:=][^:=]*?)\s*::?(?!=)\s*(.*)$")
SPECIAL = {".PHONY", ".SUFFIXES", ".DEFAULT", ".PRECIOUS", ".SECONDARY", ".SILENT"}


def cache_key(makefile: Path) -> str:
    h = hashlib.sha256()
    for mk in [makefile, *sorted(makefile.parent.glob("*.mk"))]:
        h.update(mk.read_bytes())
    return h.hexdigest()[:24]


def load_cached(key: str):
    path = CACHE_DIR / f"{key}.pickle"
    if not path.exists():
        return None
    with path.open("rb") as fh:
        return pickle.load(fh)


def store_cached(key: str, graph) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with (CACHE_DIR / f"{key}.pickle").open("wb") as fh:
        pickle.dump(graph, fh, protocol=pickle.HIGHEST_PROTOCOL)


def dump_database(make_bin: str, makefile: Path) -> str:
    cmd = [make_bin, "-pnrR", "-f", makefile.name]
    log.debug("running %s in %s", " ".join(cmd), makefile.parent)
    proc = subprocess.run(cmd, cwd=makefile.parent, capture_output=True,
                          text=True, check=False)
    if proc.returncode not in (0, 2):  # 2 == some goal would fail; db is still printed
        raise RuntimeError(proc.stderr.strip() or f"make exited {proc.returncode}")
    return proc.stdout


def parse_database(text: str) -> dict:
    graph = defaultdict(set)
    skip_next = False
    for line in text.splitlines():
        if line.startswith("# Not a target:"):
            skip_next = True
            continue
        if not line or line.startswith(("#", "\t")):
            continue
        m = RULE_RE.match(line)
        if not m or skip_next:
            skip_next = False
            continue
        targets, prereqs = m.group(1).split(), m.group(2).split("|")[0].split()
        for t in targets:
            if t in SPECIAL or "%" in t:
                continue
            graph[t].update(p for p in prereqs if "%" not in p)
    return dict(graph)


def build_order(graph: dict, goal: str) -> list:
    order, seen, stack = [], set(), set()

    def visit(node):
        if node in seen:
            return
        if node in stack:
            raise ValueError(f"dependency cycle through {node}")
        stack.add(node)
        for dep in sorted(graph.get(node, ())):
            visit(dep)
        stack.discard(node)
        seen.add(node)
        order.append(node)

    visit(goal)
    return order


def to_dot(graph: dict) -> str:
    edges = [f'  "{t}" -> "{d}";' for t in sorted(graph) for d in sorted(graph[t])]
    return "\n".join(["digraph make {", "  rankdir=LR;", *edges, "}"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Makefile dependency graph")
    ap.add_argument("-f", "--makefile", default="Makefile", type=Path)
    ap.add_argument("--make", default="make", help="make binary (e.g. gmake)")
    ap.add_argument("--goal", help="print build order for this goal instead of DOT")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.makefile.is_file():
        log.error("%s not found", args.makefile)
        return 1
    key = cache_key(args.makefile)
    graph = None if args.no_cache else load_cached(key)
    if graph is None:
        graph = parse_database(dump_database(args.make, args.makefile.resolve()))
        store_cached(key, graph)
        log.info("parsed %d targets", len(graph))
    try:
        print("\n".join(build_order(graph, args.goal)) if args.goal else to_dot(graph))
    except ValueError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
