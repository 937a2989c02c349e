#!/usr/bin/env python3
"""Return an exhibit kiosk's user profile to the golden image between events.

Gallery kiosks run a locked-down browser and the exhibit apps under a
dedicated account. After a private hire or a school takeover day the profile
accumulates cached media, logged-in sessions and visitor-entered data, so
ops reset it back to the golden copy kept under /opt/kiosk/golden-profile.

Settings come from kiosk-reset.ini:

    [profile]
    root = ~
    golden = /opt/kiosk/golden-profile
    keep = .kiosk_id, .config/kiosk/station.json
"""
import argparse
import configparser
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("kiosk_reset")

DEFAULTS = {
    "root": "~",
    "golden": "/opt/kiosk/golden-profile",
    "keep": ".kiosk_id, .config/kiosk/station.json",
}


class ProfileReset:
    def __init__(self, cfg):
        section = cfg["profile"] if cfg.has_section("profile") else DEFAULTS
        self.root = Path(os.path.expandvars(section.get("root", DEFAULTS["root"]))).expanduser()
        self.golden = Path(section.get("golden", DEFAULTS["golden"]))
        self.keep = [k.strip() for k in section.get("keep", DEFAULTS["keep"]).split(",") if k.strip()]

    def _stash_keepers(self):
        stash = {}
        for rel in self.keep:
            src = self.root / rel
            if src.is_file():
                stash[rel] = src.read_bytes()
        log.info("preserving %d station files", len(stash))
        return stash

    def _restore_keepers(self, stash):
        for rel, data in stash.items():
            dst = self.root / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
            os.chmod(dst, 0o600)

    def _clear(self):
        def on_error(func, path, exc_info):
            log.debug("could not remove %s: %s", path, exc_info[1])
        shutil.rmtree(self.root, onerror=on_error)
        self.root.mkdir(mode=0o700, exist_ok=True)

    def _seed(self):
        if not self.golden.is_dir():
            log.warning("golden profile %s missing; leaving profile empty", self.golden)
            return 0
        count = 0
        for entry in self.golden.iterdir():
            target = self.root / entry.name
            if entry.is_dir():
                shutil.copytree(entry, target, dirs_exist_ok=True, symlinks=True)
            else:
                shutil.copy2(entry, target)
            count += 1
        return count

    def run(self, dry_run=False):
        if not self.root.exists():
            raise FileNotFoundError(self.root)
        log.info("resetting profile at %s from %s", self.root, self.golden)
        if dry_run:
            for child in sorted(self.root.iterdir()):
                log.info("would remove %s", child)
            return
        stash = self._stash_keepers()
        t0 = time.monotonic()
        self._clear()
        seeded = self._seed()
        self._restore_keepers(stash)
        log.info("profile reset in %.1fs (%d golden entries)", time.monotonic() - t0, seeded)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Exhibit kiosk profile reset")
    ap.add_argument("-c", "--config", default="kiosk-reset.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    reset = ProfileReset(cfg)

    try:
        reset.run(dry_run=args.dry_run)
    except FileNotFoundError as exc:
        log.error("profile root does not exist: %s", exc)
        return 2
    except OSError as exc:
        log.error("reset failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
