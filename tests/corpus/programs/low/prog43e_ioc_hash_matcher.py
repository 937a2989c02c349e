#!/usr/bin/env python3
"""Match files in an evidence folder against a list of known-bad SHA-256 hashes.

The IOC list is a CSV (sha256,family,source) kept next to the case notes.
Results go to a JSON report in the working directory.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("iochash")

CHUNK = 1 << 16


@dataclass
class Hit:
    path: str
    sha256: str
    family: str
    source: str


@dataclass
class ScanStats:
    scanned: int = 0
    skipped: int = 0
    hits: list = field(default_factory=list)


def load_iocs(csv_path: Path) -> dict:
    table = {}
    with csv_path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            digest = (row.get("sha256") or "").strip().lower()
            if len(digest) != 64:
                log.debug("ignoring malformed row %r", row)
                continue
            table[digest] = (row.get("family", "unknown"), row.get("source", "local"))
    log.info("loaded %d indicators from %s", len(table), csv_path)
    return table


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(path: Path) -> str:
    # cheap key for the stat cache; not security relevant
    st = path.stat()
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def scan(root: Path, iocs: dict, cache: dict, max_size: int) -> ScanStats:
    stats = ScanStats()
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            try:
                if p.is_symlink() or p.stat().st_size > max_size:
                    stats.skipped += 1
                    continue
                key = cache_key(p)
                digest = cache.get(key) or file_digest(p)
                cache[key] = digest
            except OSError as exc:
                log.warning("cannot read %s: %s", p, exc)
                stats.skipped += 1
                continue
            stats.scanned += 1
            if digest in iocs:
                fam, src = iocs[digest]
                stats.hits.append(asdict(Hit(str(p), digest, fam, src)))
                log.warning("IOC match: %s (%s)", p, fam)
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("evidence", type=Path, help="folder with collected artefacts")
    ap.add_argument("--iocs", type=Path, default=Path("iocs.csv"))
    ap.add_argument("--report", type=Path, default=Path("ioc_report.json"))
    ap.add_argument("--cache", type=Path, default=Path(".hashcache.json"))
    ap.add_argument("--max-size", type=int, default=256 * 1024 * 1024)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.evidence.is_dir():
        log.error("%s is not a directory", args.evidence)
        return 2
    cache = json.loads(args.cache.read_text()) if args.cache.exists() else {}
    stats = scan(args.evidence, load_iocs(args.iocs), cache, args.max_size)
    args.cache.write_text(json.dumps(cache))
    args.report.write_text(json.dumps(asdict(stats), indent=2))
    log.info("scanned=%d skipped=%d hits=%d -> %s",
             stats.scanned, stats.skipped, len(stats.hits), args.report)
    return 1 if stats.hits else 0


if __name__ == "__main__":
    sys.exit(main())
