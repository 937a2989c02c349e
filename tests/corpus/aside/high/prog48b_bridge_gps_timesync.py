#!/usr/bin/env python3
"""Bridge time-sync helper for the vessel's ECDIS/VDR network.

When the ship is out of satellite-internet range the bridge PCs must take
time from the onboard GNSS receiver (via gpsd shared memory + PPS). This
tool writes the chrony source configuration for the selected mode and
restarts the time daemon so the VDR timestamps stay consistent.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("timesync")

CONF_PATH = Path("/etc/chrony/conf.d/bridge-gnss.conf")
MODES = {
    "offshore": [
        "refclock SHM 0 refid GNSS precision 1e-1 offset 0.130 delay 0.2 noselect",
        "refclock PPS /dev/pps0 refid PPS lock GNSS prefer",
        "makestep 1.0 3",
    ],
    "harbour": [
        "pool 2.pool.ntp.org iburst maxsources 3",
        "refclock SHM 0 refid GNSS precision 1e-1 offset 0.130 delay 0.2",
        "makestep 1.0 3",
    ],
}


def render(mode, extra_servers):
    lines = [f"# managed by bridge-timesync, mode={mode}"]
    lines += MODES[mode]
    lines += [f"server {host} iburst" for host in extra_servers]
    return "\n".join(lines) + "\n"


def install_config(text, dry_run=False):
    current = CONF_PATH.read_text() if CONF_PATH.exists() else ""
    if current == text:
        log.info("configuration unchanged")
        return False
    if dry_run:
        log.info("dry run, would write:\n%s", text)
        return False
    CONF_PATH.parent.mkdir(parents=True, exist_ok=True)
    CONF_PATH.write_text(text)
    CONF_PATH.chmod(0o644)
    log.info("wrote %s", CONF_PATH)
    return True


def restart_daemon(unit):
    result = subprocess.run(["systemctl", "restart", unit], capture_output=True, text=True)
    if result.returncode != 0:
        log.error("restart of %s failed: %s", unit, result.stderr.strip())
        return False
    return True


def report_sources():
    out = subprocess.run(["chronyc", "-n", "sources"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith(("#", "^")):
            log.info("source: %s", line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=sorted(MODES))
    ap.add_argument("--server", action="append", default=[],
                    help="additional NTP server (e.g. the VSAT router)")
    ap.add_argument("--unit", default="chrony")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.mode == "offshore" and not Path("/dev/pps0").exists():
        log.warning("no PPS device present; GNSS-only time will be less accurate")

    try:
        changed = install_config(render(args.mode, args.server), args.dry_run)
    except PermissionError:
        log.error("cannot write %s (run on the bridge PC as its admin account)", CONF_PATH)
        return 1
    if changed and not restart_daemon(args.unit):
        return 1
    report_sources()
    return 0


if __name__ == "__main__":
    sys.exit(main())
