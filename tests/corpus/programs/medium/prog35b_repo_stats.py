#!/usr/bin/env python3
"""Weekly repository statistics for a set of local git checkouts.

The heavy lifting is a small bash script (kept inline below as a here-doc
style string) that is piped into `bash -s` once per repository; its
tab-separated output is parsed and summarised as CSV or a text table.
"""

import argparse
import csv
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("repo-stats")

STATS_SCRIPT = r"""
set -euo pipefail
repo="$1"; since="$2"
cd "$repo"
git rev-parse --git-dir >/dev/null
IFS=$'\t'
branch="$(git rev-parse --abbrev-ref HEAD)"
commits="$(git rev-list --count --since="$since" HEAD)"
authors="$(git log --since="$since" --format='%ae' | sort -u | wc -l)"
read -r added removed < <(
    git log --since="$since" --numstat --format= |
    awk '$1 ~ /^[0-9]+$/ { a += $1; r += $2 } END { printf "%d\t%d\n", a, r }'
)
size="$(du -sk .git | cut -f1)"
files="$(git ls-files | wc -l)"
printf '%s\n' "branch${IFS}${branch}" "commits${IFS}${commits}" \
    "authors${IFS}${authors}" "added${IFS}${added}" "removed${IFS}${removed}" \
    "git_kb${IFS}${size}" "files${IFS}${files}"
"""

FIELDS = ["repo", "branch", "commits", "authors", "added", "removed", "git_kb", "files"]


def find_repos(roots, max_depth):
    for root in roots:
        root = Path(root).expanduser()
        if not root.is_dir():
            LOG.warning("skip %s: not a directory", root)
            continue
        stack = [(root, 0)]
        while stack:
            cur, depth = stack.pop()
            if (cur / ".git").exists():
                yield cur
                continue
            if depth >= max_depth:
                continue
            try:
                for child in sorted(cur.iterdir()):
                    if child.is_dir() and not child.name.startswith("."):
                        stack.append((child, depth + 1))
            except PermissionError:
                LOG.debug("no access to %s", cur)


def collect(repo: Path, since: str, timeout: int):
    proc = subprocess.run(
        ["bash", "-s", "--", str(repo), since],
        input=STATS_SCRIPT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        LOG.warning("%s: stats failed: %s", repo.name, proc.stderr.strip()[:200])
        return None
    row = {"repo": repo.name}
    for line in proc.stdout.splitlines():
        key, _, value = line.partition("\t")
        row[key] = value
    return row


def print_table(rows):
    widths = {f: max(len(f), *(len(str(r.get(f, ""))) for r in rows)) for f in FIELDS}
    print("  ".join(f.ljust(widths[f]) for f in FIELDS))
    print("  ".join("-" * widths[f] for f in FIELDS))
    for r in rows:
        print("  ".join(str(r.get(f, "")).ljust(widths[f]) for f in FIELDS))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=["."])
    ap.add_argument("--since", default="1 week ago")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--csv", type=Path)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which("git") or not shutil.which("bash"):
        LOG.error("git and bash are required")
        return 2

    rows = []
    for repo in find_repos(args.roots, args.depth):
        LOG.debug("collecting %s", repo)
        try:
            row = collect(repo, args.since, args.timeout)
        except subprocess.TimeoutExpired:
            LOG.warning("%s: timed out", repo)
            continue
        if row:
            rows.append(row)

    if not rows:
        LOG.info("no repositories found")
        return 1
    rows.sort(key=lambda r: int(r.get("commits") or 0), reverse=True)

    if args.csv:
        with args.csv.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
            writer.writeheader()
            writer.writerows(rows)
        LOG.info("wrote %d rows to %s", len(rows), args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
