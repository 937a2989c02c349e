#!/usr/bin/env python3
"""Reset the prize-redemption kiosk between customers.

Runs as the kiosk account after each redemption session (triggered by the
kiosk shell on logout or idle timeout). Clears whatever the previous customer
left behind: browser profile, downloaded receipts, the on-screen keyboard's
learned words, and rebuilds the account from the skeleton so the next
customer gets a clean kiosk.

Usage:
    kiosk_session_reset.py [--config /opt/kiosk/reset.json] [--idle-only]
"""

import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("kiosk_reset")

DEFAULTS = {
    "account_root": "~",
    "skeleton": "/etc/skel",
    "preserve": [],
    "settle_seconds": 2,
    "marker": ".kiosk_session",
}


class SessionReset:
    def __init__(self, cfg):
        self.cfg = cfg
        self.root = Path(os.path.expanduser(cfg["account_root"]))
        self.skeleton = Path(cfg["skeleton"])
        self.preserve = set(cfg.get("preserve", []))

    def session_active(self):
        return (self.root / self.cfg["marker"]).exists()

    def _stash(self):
        saved = {}
        for rel in self.preserve:
            p = self.root / rel
            if p.is_file():
                saved[rel] = p.read_bytes()
        return saved

    def _restore(self, saved):
        for rel, data in saved.items():
            p = self.root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)

    def _clear(self):
        def onerror(func, path, exc_info):
            log.debug("could not remove %s: %s", path, exc_info[1])
        shutil.rmtree(self.root, onerror=onerror)
        self.root.mkdir(mode=0o700, exist_ok=True)

    def _rebuild(self):
        if not self.skeleton.is_dir():
            log.warning("skeleton %s missing, leaving account empty", self.skeleton)
            return
        shutil.copytree(self.skeleton, self.root, dirs_exist_ok=True, symlinks=True)

    def run(self):
        started = time.monotonic()
        time.sleep(self.cfg["settle_seconds"])  # let the browser flush and exit
        saved = self._stash()
        self._clear()
        self._rebuild()
        self._restore(saved)
        log.info("account %s reset in %.1fs (%d preserved)", self.root, time.monotonic() - started, len(saved))


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reset kiosk account between customers")
    ap.add_argument("--config", default="/opt/kiosk/reset.json")
    ap.add_argument("--idle-only", action="store_true", help="only reset if a session marker is present")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    reset = SessionReset(load_config(args.config))
    if args.idle_only and not reset.session_active():
        log.info("no customer session recorded, nothing to do")
        return 0
    try:
        reset.run()
    except OSError as exc:
        log.error("reset failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
