#!/usr/bin/env python3
"""Point a SCADA historian host at the site's GPS-disciplined time servers.

Event timestamps from the turbines must line up with the grid operator's
records, so every historian syncs to the met-mast GPS clocks first.
"""
import argparse
import difflib
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("ntp_config")

CHRONY_CONF = Path("/etc/chrony/chrony.conf")
DEFAULT_SERVERS = ["192.0.2.10", "192.0.2.11"]
FALLBACK_POOL = "pool.ntp.example"

TEMPLATE = """# managed by scada_ntp_config
{servers}
pool {pool} iburst maxsources 2
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
log tracking measurements statistics
"""


def render(servers, pool):
    lines = "\n".join("server {} iburst prefer".format(s) if i == 0
                      else "server {} iburst".format(s)
                      for i, s in enumerate(servers))
    return TEMPLATE.format(servers=lines, pool=pool)


def show_diff(old, new):
    diff = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=str(CHRONY_CONF),
        tofile=str(CHRONY_CONF) + " (new)",
    )
    sys.stdout.writelines(diff)


def install(content):
    backup = CHRONY_CONF.with_suffix(".conf.bak")
    subprocess.run(["sudo", "cp", "-p", str(CHRONY_CONF), str(backup)], check=True)
    subprocess.run(["sudo", "tee", str(CHRONY_CONF)], input=content.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(["sudo", "chmod", "0644", str(CHRONY_CONF)], check=True)
    LOG.info("installed new config, backup at %s", backup)


def restart_service():
    for unit in ("chrony", "chronyd"):
        result = subprocess.run(["sudo", "systemctl", "restart", unit],
                                capture_output=True, text=True)
        if result.returncode == 0:
            LOG.info("restarted %s", unit)
            return True
    LOG.error("could not restart chrony")
    return False


def check_sync():
    result = subprocess.run(["chronyc", "tracking"], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        if line.startswith(("Reference ID", "System time", "Leap status")):
            LOG.info(line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", action="append", dest="servers")
    parser.add_argument("--pool", default=os.environ.get("NTP_POOL", FALLBACK_POOL))
    parser.add_argument("--apply", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    servers = args.servers or DEFAULT_SERVERS
    new = render(servers, args.pool)
    old = CHRONY_CONF.read_text() if CHRONY_CONF.exists() else ""
    if old == new:
        LOG.info("config already current")
        return 0
    show_diff(old, new)
    if not args.apply:
        LOG.info("dry run; pass --apply to install")
        return 0
    install(new)
    if restart_service():
        check_sync()
    return 0


if __name__ == "__main__":
    sys.exit(main())
