#!/usr/bin/env python3
"""Summarise nginx-style access logs found in ./logs.

Parsed results are cached per file (keyed by an MD5 of the file contents)
as pickled Counter objects, which is faster than JSON for big directories.
"""
import argparse
import collections
import hashlib
import logging
import pickle as serializer
import re
from pathlib import Path

LOG = logging.getLogger("log_digest")
LINE_RE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) (?P<size>\d+|-)'
)
CACHE_DIR = Path(".digest_cache")


def cache_key(path: Path) -> str:
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def parse_file(path: Path) -> dict:
    result = {"statuses": collections.Counter(), "paths": collections.Counter(),
              "clients": collections.Counter(), "unparsed": 0}
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LINE_RE.match(line)
            if not m:
                result["unparsed"] += 1
                continue
            result["statuses"][m["status"]] += 1
            result["paths"][m["path"].split("?", 1)[0]] += 1
            result["clients"][m["ip"]] += 1
    return result


def load_or_parse(path: Path) -> dict:
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.pkl"
    if entry.exists():
        LOG.debug("cache hit for %s", path)
        with entry.open("rb") as fh:
            return serializer.load(fh)
    result = parse_file(path)
    with entry.open("wb") as fh:
        serializer.dump(result, fh, protocol=serializer.HIGHEST_PROTOCOL)
    return result


def prune_cache(keep: set) -> int:
    removed = 0
    for stale in CACHE_DIR.glob("*.pkl"):
        if stale.stem not in keep:
            stale.unlink()
            removed += 1
    return removed


def merge(results):
    total = {"statuses": collections.Counter(), "paths": collections.Counter(),
             "clients": collections.Counter(), "unparsed": 0}
    for res in results:
        for key in ("statuses", "paths", "clients"):
            total[key].update(res[key])
        total["unparsed"] += res["unparsed"]
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="logs", help="directory with *.log files")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--prune", action="store_true", help="drop stale cache entries")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    files = sorted(Path(args.dir).glob("*.log"))
    if not files:
        LOG.error("no .log files in %s", args.dir)
        return 1
    results = [load_or_parse(p) for p in files]
    if args.prune:
        LOG.info("pruned %d cache entries", prune_cache({cache_key(p) for p in files}))

    total = merge(results)
    print(f"{len(files)} files, {sum(total['statuses'].values())} requests, "
          f"{total['unparsed']} unparsed lines")
    print("\nStatus codes:")
    for code, n in sorted(total["statuses"].items()):
        print(f"  {code}: {n}")
    print(f"\nTop {args.top} paths:")
    for p, n in total["paths"].most_common(args.top):
        print(f"  {n:7d}  {p}")
    print(f"\nTop {args.top} clients:")
    for ip, n in total["clients"].most_common(args.top):
        print(f"  {n:7d}  {ip}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
