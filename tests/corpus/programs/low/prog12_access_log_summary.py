#!/usr/bin/env python3
"""Summarises the web server's access log: status codes and top paths."""
import argparse
import collections
import gzip
import re
from pathlib import Path

LINE = re.compile(r'"(?P<method>\w+) (?P<path>\S+) [^"]*" (?P<status>\d{3})')


def open_log(path: Path):
    return gzip.open(path, "rt") if path.suffix == ".gz" else path.open()


def summarise(paths):
    statuses = collections.Counter()
    hits = collections.Counter()
    for p in paths:
        with open_log(p) as fh:
            for line in fh:
                m = LINE.search(line)
                if m:
                    statuses[m["status"]] += 1
                    hits[m["path"]] += 1
    return statuses, hits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("logs", nargs="*", type=Path,
                    default=sorted(Path("/var/log/nginx").glob("access.log*")))
    args = ap.parse_args()
    statuses, hits = summarise(args.logs)
    for code, n in sorted(statuses.items()):
        print(code, n)
    for path, n in hits.most_common(10):
        print(f"{n:8d} {path}")


if __name__ == "__main__":
    main()
