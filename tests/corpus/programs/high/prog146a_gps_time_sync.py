#!/usr/bin/env python3
"""GPS time source for the station.

Call-out timestamps and launch logs must agree to the second with the
coastguard's records, so the station PC takes time from the GPS puck on the
boathouse roof. This script configures chrony to use the GPS NMEA feed via
gpsd's shared memory, restarts chrony, then drops to the station account
and watches the offset.
"""
import argparse
import grp
import logging
import os
import pwd
import re
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("gps_time")

CHRONY_DIRS = [Path("/etc/chrony/conf.d"), Path("/etc/chrony.d")]
SNIPPET_NAME = "lifeboat-gps.conf"
SNIPPET = """# GPS time source for the station (managed by gps_time_sync)
refclock SHM 0 refid GPS precision 1e-1 offset {offset} delay 0.2
makestep 1.0 3
"""
SERVICE_NAMES = ["chrony", "chronyd"]


def target_dir():
    for d in CHRONY_DIRS:
        if d.is_dir():
            return d
    raise FileNotFoundError("no chrony conf.d directory found")


def install_snippet(offset):
    path = target_dir() / SNIPPET_NAME
    text = SNIPPET.format(offset=offset)
    if path.exists() and path.read_text() == text:
        LOG.info("%s already up to date", path)
        return False
    path.write_text(text)
    os.chmod(path, 0o644)
    os.chown(path, 0, 0)
    LOG.info("wrote %s", path)
    return True


def restart_chrony():
    ctl = "/usr/bin/" + "system" + "ctl"
    for name in SERVICE_NAMES:
        res = subprocess.run([ctl, "restart", name], capture_output=True, text=True)
        if res.returncode == 0:
            LOG.info("restarted %s", name)
            return
    LOG.warning("could not restart chrony")


def become(user):
    """Give up root for the monitoring loop."""
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s", user)


def current_offset():
    res = subprocess.run(["chronyc", "-c", "tracking"], capture_output=True, text=True)
    fields = res.stdout.strip().split(",")
    if len(fields) < 5:
        return None, None
    return fields[1], float(fields[4])


def monitor(interval, warn_s):
    while True:
        ref, offset = current_offset()
        if offset is None:
            LOG.warning("chronyc gave no tracking data")
        elif abs(offset) > warn_s:
            LOG.warning("offset %.3fs from %s exceeds %.1fs", offset, ref, warn_s)
        else:
            LOG.info("ref=%s offset=%.6fs", ref, offset)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Configure and watch GPS time")
    ap.add_argument("--offset", default="0.0", help="NMEA sentence delay in seconds")
    ap.add_argument("--user", default="station")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--warn", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not re.fullmatch(r"-?\d+(\.\d+)?", args.offset):
        LOG.error("bad offset %r", args.offset)
        return 2
    if os.geteuid() != 0:
        LOG.error("run this as root (it edits chrony config)")
        return 1
    try:
        if install_snippet(args.offset):
            restart_chrony()
        become(args.user)
        monitor(args.interval, args.warn)
    except KeyboardInterrupt:
        pass
    except (OSError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
