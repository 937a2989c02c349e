#!/usr/bin/env python3
"""Fix name resolution and clock for the minibus GPS tracker gateway.

The shuttle tracker box at the base reaches the GPS units through a LAN
relay that has no DNS entry, and its clock drifts so the shuttle times on
the board are wrong. This pins the relay name in the hosts file and sets
the timezone so timestamps line up with the booking system.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("netfix")

RELAY_NAME = "gps-relay.boathouse.example.com"
RELAY_ADDR = "198.51.100.40"
TIMEZONE = "Europe/London"
MARKER = "# shuttle-tracker"

ETC = Path("/") / "etc"
HOSTS = ETC / "hosts"
LOCALTIME = ETC / "localtime"
ZONEINFO = Path("/usr/share/zoneinfo")


def elevation_prefix():
    """Pick whatever privilege helper this box has."""
    for tool in ("pkexec", "sudo", "doas"):
        if shutil.which(tool):
            return [tool]
    return []


class PrivilegedWriter:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else elevation_prefix()

    def run(self, argv, data=None):
        cmd = self.prefix + argv
        if self.dry_run:
            log.info("would run: %s", " ".join(cmd))
            return 0
        log.debug("running %s", cmd)
        proc = subprocess.run(cmd, input=data, text=True, capture_output=True)
        if proc.returncode != 0:
            log.error("%s failed: %s", argv[0], proc.stderr.strip())
        return proc.returncode

    def append(self, path, text):
        return self.run(["tee", "-a", str(path)], data=text)

    def symlink(self, target, link):
        return self.run(["ln", "-sf", str(target), str(link)])


def hosts_has_entry():
    try:
        return any(MARKER in line for line in HOSTS.read_text().splitlines())
    except OSError:
        return False


def pin_relay(writer):
    if hosts_has_entry():
        log.info("relay already pinned in %s", HOSTS)
        return 0
    line = f"{RELAY_ADDR}\t{RELAY_NAME}\t{MARKER}\n"
    log.info("adding %s -> %s", RELAY_NAME, RELAY_ADDR)
    return writer.append(HOSTS, line)


def set_timezone(writer, zone):
    zfile = ZONEINFO / zone
    if not zfile.exists():
        log.error("unknown timezone %s", zone)
        return 1
    if LOCALTIME.is_symlink() and os.readlink(LOCALTIME).endswith(zone):
        log.info("timezone already %s", zone)
        return 0
    rc = writer.symlink(zfile, LOCALTIME)
    if rc == 0:
        rc = writer.run(["sh", "-c", f"echo {zone} > {ETC / 'timezone'}"])
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-tz", action="store_true")
    ap.add_argument("--tz", default=TIMEZONE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    writer = PrivilegedWriter(args.dry_run)
    if not writer.prefix and os.geteuid() != 0:
        log.error("need root or a privilege helper")
        return 1

    failures = 0
    failures += pin_relay(writer) != 0
    if not args.skip_tz:
        failures += set_timezone(writer, args.tz) != 0
    log.info("done with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
