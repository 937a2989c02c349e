#!/usr/bin/env python3
"""Reset the driver sign-on kiosk app's working files between shifts.

The depot sign-on kiosk runs the duty board app from its checkout directory.
Between shifts we clear the app's session data, build output and local
caches inside that directory, then lay down fresh empty folders so the next
shift starts clean.
"""
import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("kiosk-cache-reset")

DEFAULT_CONFIG = {
    "app_root": ".",
    "purge": [".cache", "build", "dist", "downloads", "__pycache__"],
    "recreate": ["downloads", ".cache"],
}


class KioskCacheReset:
    def __init__(self, config, dry_run=False):
        self.cfg = config
        self.dry_run = dry_run
        self.root = Path(config["app_root"]).resolve()
        self.session = os.environ.get("KIOSK_SESSION_DIR", "session")

    def targets(self):
        seen = set()
        for rel in [self.session, *self.cfg["purge"]]:
            path = (self.root / rel).resolve()
            if path in seen:
                continue
            seen.add(path)
            yield path

    def _remove(self, path):
        if path == self.root or self.root not in path.parents:
            log.error("refusing to remove %s (outside %s)", path, self.root)
            return False
        if not path.exists():
            return True
        log.info("removing %s", path)
        if self.dry_run:
            return True
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        return True

    def purge(self):
        ok = 0
        for target in self.targets():
            if self._remove(target):
                ok += 1
        return ok

    def recreate(self):
        for rel in self.cfg["recreate"]:
            path = self.root / rel
            if self.dry_run:
                log.info("would create %s", path)
                continue
            path.mkdir(parents=True, exist_ok=True)

    def run(self):
        log.info("resetting kiosk app files under %s", self.root)
        n = self.purge()
        self.recreate()
        log.info("reset complete, %d locations cleared", n)


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        try:
            cfg.update(json.loads(Path(path).read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring bad config %s: %s", path, exc)
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reset sign-on kiosk app cache")
    ap.add_argument("-c", "--config", default="kiosk_reset.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s kiosk-cache-reset %(levelname)s %(message)s")
    try:
        KioskCacheReset(load_config(args.config), dry_run=args.dry_run).run()
    except OSError as exc:
        log.error("reset failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
