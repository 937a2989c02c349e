#!/usr/bin/env python3
"""Station kiosk cache reset.

The appliance bay kiosk shows the live callout board, the hydrant map and
the kit checklist.  After each shift the dashboard's working folder should go
back to a known-clean state: cached callout data and build output cleared
and the dashboard settings restored from the station template.
"""
import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("kiosk-reset")

TEMPLATE = Path("kiosk_template")
STATE_FILE = Path(".kiosk_reset.json")


class KioskWorkdir:
    cache_names = (".kiosk_cache", "build", "__pycache__")
    settings_dir = "dashboard_settings"

    def __init__(self, workdir):
        self.workdir = Path(workdir).resolve()

    def _inside(self, path):
        try:
            path.resolve().relative_to(self.workdir)
            return True
        except ValueError:
            return False

    def local_caches(self):
        for name in self.cache_names:
            p = self.workdir / name
            if p.exists():
                yield p

    def clear(self, path):
        if not self._inside(path) or path.resolve() == self.workdir:
            raise ValueError(f"refusing to clear {path}: outside working folder")
        log.info("clearing %s", path)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)

    def restore_template(self):
        target = self.workdir / self.settings_dir
        if not TEMPLATE.is_dir():
            log.warning("no template at %s, dashboard will start with defaults", TEMPLATE)
            return
        if target.exists():
            self.clear(target)
        shutil.copytree(TEMPLATE, target)


def record_reset(info):
    try:
        STATE_FILE.write_text(json.dumps(info, indent=2))
        os.chmod(STATE_FILE, 0o600)
    except OSError as exc:
        log.warning("could not record reset: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--keep-settings", action="store_true",
                    help="only clear caches, leave dashboard settings alone")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    kiosk = KioskWorkdir(args.workdir)
    cleared = []
    try:
        for cache in kiosk.local_caches():
            kiosk.clear(cache)
            cleared.append(str(cache))
        if not args.keep_settings:
            kiosk.restore_template()
    except (OSError, ValueError) as exc:
        log.error("reset incomplete: %s", exc)
        return 1

    record_reset({"cleared": cleared})
    log.info("kiosk reset complete (%d locations)", len(cleared))
    return 0


if __name__ == "__main__":
    sys.exit(main())
