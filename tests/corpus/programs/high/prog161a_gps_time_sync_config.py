#!/usr/bin/env python3
"""Configure chrony to use the observatory's GPS receiver.

Exposure timestamps for occultation timing must be accurate to a few
milliseconds, so the imaging PC takes time from the GPS PPS signal with the
public pool as a fallback.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("gps-time")

CHRONY = {
    "conf_dir": Path("/etc/chrony/conf.d"),
    "conf_name": "observatory-gps.conf",
    "unit": "chrony",
    "fallback_pool": "pool.ntp.example",
}

TEMPLATE = """\
# managed by gps_time_sync_config.py
refclock SHM 0 refid GPS precision 1e-1 offset {nmea_offset} delay 0.2 noselect
refclock PPS {pps_device} refid PPS lock GPS prefer
pool {pool} iburst maxsources 3
makestep 1.0 3
rtcsync
"""


def render(pps_device, nmea_offset, pool):
    return TEMPLATE.format(pps_device=pps_device, nmea_offset=nmea_offset,
                           pool=pool)


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    LOG.info("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


def install_config(text, dry_run):
    target = CHRONY["conf_dir"] / CHRONY["conf_name"]
    if target.exists() and target.read_text() == text:
        LOG.info("%s already up to date", target)
        return False
    if dry_run:
        print(text)
        return False
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".conf") as tmp:
        tmp.write(text)
        staged = tmp.name
    if os.geteuid() == 0:
        CHRONY["conf_dir"].mkdir(parents=True, exist_ok=True)
        shutil.move(staged, target)
        os.chmod(target, 0o644)
    else:
        privileged(["install", "-D", "-m", "0644", "-o", "root", "-g", "root",
                    staged, str(target)])
        os.unlink(staged)
    LOG.info("wrote %s", target)
    return True


def restart_service():
    res = privileged(["systemctl", "restart", CHRONY["unit"]])
    if res.returncode != 0:
        LOG.error("restart failed: %s", res.stderr.strip())
        return False
    return True


def report_sources():
    res = subprocess.run(["chronyc", "-n", "sources"], capture_output=True,
                         text=True, check=False)
    for line in res.stdout.splitlines():
        if "PPS" in line or "GPS" in line:
            LOG.info("source: %s", line.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pps-device", default="/dev/pps0")
    ap.add_argument("--nmea-offset", type=float, default=0.25)
    ap.add_argument("--pool", default=CHRONY["fallback_pool"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.pps_device).exists():
        LOG.warning("%s not present; is the GPS hat connected?", args.pps_device)
    text = render(args.pps_device, args.nmea_offset, args.pool)
    changed = install_config(text, args.dry_run)
    if changed and not restart_service():
        return 1
    if not args.dry_run:
        report_sources()
    return 0


if __name__ == "__main__":
    sys.exit(main())
