#!/usr/bin/env python3
"""Checksum the music library so the office can spot changed or missing scores.

Walks the library, records a SHA-256 for every score and a short MD5
cache key for the thumbnail cache, and compares with the last manifest.
Nothing in the library is modified; the manifest lives in the working
directory.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

SCORE_SUFFIXES = {".pdf", ".musx", ".sib", ".mscz", ".mxl", ".xml"}
MANIFEST = Path("score-manifest.json")

log = logging.getLogger("score-checksum")


def sha256_of(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def cache_key(path: Path) -> str:
    st = path.stat()
    raw = f"{path}:{st.st_size}:{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()[:16]


def scan(root: Path) -> dict[str, dict]:
    entries = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() not in SCORE_SUFFIXES:
                continue
            rel = str(p.relative_to(root))
            entries[rel] = {"sha256": sha256_of(p), "thumb": cache_key(p), "size": p.stat().st_size}
    return entries


def compare(old: dict, new: dict) -> tuple[list, list, list]:
    added = sorted(set(new) - set(old))
    missing = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new) if old[k]["sha256"] != new[k]["sha256"])
    return added, missing, changed


def main() -> int:
    ap = argparse.ArgumentParser(description="Checksum the choir music library")
    ap.add_argument("root", type=Path, nargs="?",
                    default=Path(os.environ.get("CHOIR_LIBRARY", "library")))
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("%s is not a folder", args.root)
        return 1

    old = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}
    new = scan(args.root)
    added, missing, changed = compare(old, new)

    print(f"{len(new)} scores scanned under {args.root}")
    for label, items in (("added", added), ("missing", missing), ("changed", changed)):
        print(f"  {label}: {len(items)}")
        for item in items[:20]:
            print(f"    {item}")

    if not args.no_save:
        MANIFEST.write_text(json.dumps(new, indent=1, sort_keys=True))
        os.chmod(MANIFEST, 0o600)
        log.info("manifest saved to %s", MANIFEST)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
