#!/usr/bin/env python3
"""Clean up the prize-redemption kiosk app's working files between customers.

Runs from the kiosk app directory after each redemption session (triggered by
the kiosk shell on logout or idle timeout). Clears what the previous customer
left behind in the app's own folders: the cached prize thumbnails that are
past their age, printed-receipt PDFs and the per-session scratch folder, then
recreates the empty folders so the next customer starts clean.

Usage:
    kiosk_cache_cleanup.py [--config reset.json] [--idle-only]
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("kiosk_cleanup")

DEFAULTS = {
    "session_dirs": ["session", "receipts"],
    "thumb_cache": "cache/thumbs",
    "thumb_max_age_hours": 72,
    "settle_seconds": 2,
    "marker": "session/.active",
}


def cache_key(url):
    """Thumbnail cache file name for a prize image URL."""
    return hashlib.md5(url.encode("utf-8")).hexdigest() + ".png"


class SessionCleanup:
    def __init__(self, cfg, base=None):
        self.cfg = cfg
        self.base = Path(base or Path.cwd()).resolve()

    def _inside(self, rel):
        p = (self.base / rel).resolve()
        if p == self.base or self.base not in p.parents:
            raise ValueError(f"refusing to touch {p}: not inside {self.base}")
        return p

    def session_active(self):
        return self._inside(self.cfg["marker"]).exists()

    def clear_session_dirs(self):
        removed = 0
        for rel in self.cfg["session_dirs"]:
            d = self._inside(rel)
            if d.is_dir():
                removed += sum(1 for _ in d.rglob("*"))
                shutil.rmtree(d)
            d.mkdir(parents=True, exist_ok=True)
        return removed

    def prune_thumbs(self):
        d = self._inside(self.cfg["thumb_cache"])
        if not d.is_dir():
            return 0
        cutoff = time.time() - self.cfg["thumb_max_age_hours"] * 3600
        pruned = 0
        for f in d.glob("*.png"):
            try:
                if f.stat().st_mtime < cutoff:
                    f.unlink()
                    pruned += 1
            except OSError as exc:
                log.debug("could not prune %s: %s", f, exc)
        return pruned

    def run(self):
        started = time.monotonic()
        time.sleep(self.cfg["settle_seconds"])  # let the app flush and exit
        removed = self.clear_session_dirs()
        pruned = self.prune_thumbs()
        log.info("cleaned %s in %.1fs: %d session entries, %d stale thumbnails",
                 self.base, time.monotonic() - started, removed, pruned)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description="Clean kiosk app files between customers")
    ap.add_argument("--config", default="reset.json")
    ap.add_argument("--idle-only", action="store_true", help="only clean if a session marker is present")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cleanup = SessionCleanup(load_config(args.config))
    try:
        if args.idle_only and not cleanup.session_active():
            log.info("no customer session recorded, nothing to do")
            return 0
        cleanup.run()
    except (OSError, ValueError) as exc:
        log.error("cleanup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
