#!/usr/bin/env python3
"""Point a substation gateway's chrony at the park's GPS time servers.

10-minute SCADA records from turbines and the met mast only line up when the
gateways share the park's time source. This tool renders the chrony
configuration for the site, backs up the current one, installs the new file
and restarts the time service, then reports the tracking offset.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("time_sync")

CHRONY_CONF = Path("/etc/chrony/chrony.conf")

SITE_SERVERS = {
    "WF-NORTH": ["ntp1.wf-north.example.com", "ntp2.wf-north.example.com"],
    "WF-COAST": ["192.0.2.10", "192.0.2.11"],
    "WF-RIDGE": ["ntp.wf-ridge.example.org"],
}

TEMPLATE = """# managed by gateway_time_sync.py - site {site}
{servers}
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
"""


def render(site, extra):
    servers = SITE_SERVERS[site] + list(extra)
    lines = "\n".join(f"server {s} iburst" for s in servers)
    return TEMPLATE.format(site=site, servers=lines)


def install(content, dry_run):
    if CHRONY_CONF.exists() and CHRONY_CONF.read_text() == content:
        LOG.info("%s already up to date", CHRONY_CONF)
        return False
    if dry_run:
        print(content)
        return False
    if CHRONY_CONF.exists():
        backup = CHRONY_CONF.with_suffix(f".conf.{int(time.time())}.bak")
        shutil.copy2(CHRONY_CONF, backup)
        LOG.info("backed up existing config to %s", backup)
    CHRONY_CONF.write_text(content)
    os.chmod(CHRONY_CONF, 0o644)
    LOG.info("wrote %s", CHRONY_CONF)
    return True


def restart_service():
    for unit in ("chrony", "chronyd"):
        result = subprocess.run(["systemctl", "restart", unit], capture_output=True, text=True)
        if result.returncode == 0:
            LOG.info("restarted %s", unit)
            return True
        LOG.debug("restart of %s failed: %s", unit, result.stderr.strip())
    LOG.error("could not restart chrony")
    return False


def report_tracking():
    try:
        out = subprocess.run(["chronyc", "tracking"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.warning("chronyc not available: %s", exc)
        return
    for line in out.stdout.splitlines():
        if line.startswith(("Reference ID", "System time", "Leap status")):
            LOG.info("%s", line.strip())


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", choices=sorted(SITE_SERVERS))
    parser.add_argument("--extra-server", action="append", default=[])
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("run as root to modify %s", CHRONY_CONF)
        return 1
    content = render(args.site, args.extra_server)
    try:
        changed = install(content, args.dry_run)
    except OSError as exc:
        LOG.error("failed to install config: %s", exc)
        return 1
    if changed and not restart_service():
        return 1
    if not args.dry_run:
        time.sleep(2)
        report_tracking()
    return 0


if __name__ == "__main__":
    sys.exit(main())
