#!/usr/bin/env python3
"""Point the bench PC's clock at the workshop GPS time server.

Long-run rate tests on the timing machine (24 h / 5-position runs on
chronometer-grade movements) compare the watch against the PC clock, so the
PC must be disciplined to the GPS-backed NTP server in the back office
rather than drifting on pool.ntp.org through the shop's flaky DSL.

Steps:
  1. check the GPS server answers NTP
  2. write a chrony drop-in preferring it (generated in ./build first)
  3. restart chrony and wait for it to select the source
"""
import argparse
import logging
import shutil
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("timeref")

DROPIN_CANDIDATES = [Path("/etc/chrony/conf.d"), Path("/etc/chrony.d")]
DROPIN_NAME = "50-workshop-gps.conf"
NTP_EPOCH_DELTA = 2208988800


def ntp_query(host, timeout=2.0):
    """Minimal SNTP client query; returns (offset_seconds, stratum)."""
    packet = b"\x23" + 47 * b"\0"   # LI=0, VN=4, Mode=3
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.settimeout(timeout)
        t0 = time.time()
        s.sendto(packet, (host, 123))
        data, _ = s.recvfrom(512)
        t3 = time.time()
    if len(data) < 48:
        raise ValueError("short NTP reply")
    stratum = data[1]
    secs, frac = struct.unpack("!II", data[40:48])
    server = secs - NTP_EPOCH_DELTA + frac / 2**32
    return server - (t0 + t3) / 2, stratum


def render_dropin(server, fallback_pool):
    return "\n".join([
        "# Workshop GPS reference for timing-machine rate tests",
        f"server {server} iburst prefer minpoll 4 maxpoll 6",
        f"pool {fallback_pool} iburst maxsources 2",
        "makestep 0.5 3",
        "maxdrift 50",
        "",
    ])


class Elevated:
    """Runs the handful of commands that need root through polkit."""

    def __init__(self):
        self.helper = shutil.which("pkexec")
        if not self.helper:
            raise RuntimeError("pkexec not found; install policykit-1")

    def run(self, *argv):
        cmd = [self.helper, *argv]
        log.debug("exec %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip() or res.returncode}")
        return res.stdout

    def install_file(self, src, dest_dir):
        self.run("install", "-D", "-m", "0644", "-o", "root", "-g", "root",
                 str(src), str(dest_dir / src.name))

    def restart(self, unit):
        self.run("systemctl", "restart", unit)


def chrony_unit():
    for unit in ("chrony.service", "chronyd.service"):
        res = subprocess.run(["systemctl", "cat", unit], capture_output=True)
        if res.returncode == 0:
            return unit
    return None


def wait_for_source(server, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        out = subprocess.run(["chronyc", "-n", "sources"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("^*") and server in line:
                return line
        time.sleep(3)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", default="gps-ntp.workshop.lan")
    ap.add_argument("--fallback-pool", default="uk.pool.ntp.org")
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        offset, stratum = ntp_query(args.server)
    except (OSError, ValueError) as exc:
        log.error("%s does not answer NTP: %s", args.server, exc)
        return 1
    log.info("%s: stratum %d, offset %+.4f s", args.server, stratum, offset)
    if stratum == 0 or stratum > 2:
        log.warning("stratum %d is not what a GPS reference should report", stratum)
    if args.check_only:
        return 0

    build = Path(args.build_dir)
    build.mkdir(exist_ok=True)
    dropin = build / DROPIN_NAME
    dropin.write_text(render_dropin(args.server, args.fallback_pool))

    target = next((d for d in DROPIN_CANDIDATES if d.is_dir()), DROPIN_CANDIDATES[0])
    unit = chrony_unit()
    if unit is None:
        log.error("chrony is not installed on this PC")
        return 1

    root = Elevated()
    try:
        root.install_file(dropin, target)
        log.info("installed %s", target / DROPIN_NAME)
        root.restart(unit)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    line = wait_for_source(args.server)
    if line:
        log.info("chrony locked to GPS reference: %s", line)
        return 0
    log.warning("chrony has not selected %s yet; check 'chronyc sources' later", args.server)
    return 3


if __name__ == "__main__":
    sys.exit(main())
