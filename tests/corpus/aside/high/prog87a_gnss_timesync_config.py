#!/usr/bin/env python3
"""Point this acquisition host's clock at the ship's GNSS time source.

Every logger aboard (CTD, multibeam, underway) must be stamped against the
same clock, and once the ship is offshore the public NTP pool is gone. This
tool checks that gpsd on the host has a fix, then writes a chrony snippet
that uses gpsd's shared-memory refclock (plus PPS when present) and the
bridge's GNSS NTP server as fallback, and restarts chrony so it takes effect.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("gnss-time")

CHRONY_DIRS = [Path("/etc/chrony/conf.d"), Path("/etc/chrony.d")]
SNIPPET_NAME = "50-rv-gnss.conf"
CHRONY_UNITS = ["chrony.service", "chronyd.service"]


def gpsd_fix(host="127.0.0.1", port=2947, wait=20):
    """Return the first TPV report with a 2D/3D fix from gpsd, or None."""
    deadline = time.time() + wait
    try:
        with socket.create_connection((host, port), timeout=5) as s:
            s.sendall(b'?WATCH={"enable":true,"json":true}\n')
            buf = b""
            while time.time() < deadline:
                chunk = s.recv(4096)
                if not chunk:
                    break
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        continue
                    if msg.get("class") == "TPV" and msg.get("mode", 0) >= 2:
                        return msg
    except OSError as exc:
        log.error("gpsd not reachable on %s:%d: %s", host, port, exc)
    return None


def render_snippet(bridge_ntp, use_pps, offset):
    lines = [
        "# written by gnss_timesync_config.py - ship GNSS time",
        f"refclock SHM 0 refid GPS precision 1e-1 offset {offset:.3f} delay 0.2 noselect" if use_pps
        else f"refclock SHM 0 refid GPS precision 1e-1 offset {offset:.3f} delay 0.2",
    ]
    if use_pps:
        lines.append("refclock PPS /dev/pps0 lock GPS refid PPS prefer")
    if bridge_ntp:
        lines.append(f"server {bridge_ntp} iburst minpoll 4 maxpoll 6")
    lines += ["makestep 1.0 3", "rtcsync", ""]
    return "\n".join(lines)


def target_dir():
    for d in CHRONY_DIRS:
        if d.is_dir():
            return d
    raise FileNotFoundError("no chrony conf.d directory found; is chrony installed?")


def install_snippet(text):
    dest = target_dir() / SNIPPET_NAME
    if dest.exists() and dest.read_text() == text:
        log.info("%s already up to date", dest)
        return dest, False
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".rvgnss")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, dest)
    log.info("wrote %s", dest)
    return dest, True


def restart_chrony():
    for unit in CHRONY_UNITS:
        probe = subprocess.run(["systemctl", "cat", unit], capture_output=True)
        if probe.returncode == 0:
            subprocess.run(["systemctl", "restart", unit], check=True)
            log.info("restarted %s", unit)
            return unit
    raise RuntimeError("chrony unit not found")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bridge-ntp", default=os.environ.get("BRIDGE_NTP", "gnss-ntp.bridge.ship.lan"))
    ap.add_argument("--offset", type=float, default=0.120,
                    help="NMEA sentence latency of the GNSS receiver, seconds")
    ap.add_argument("--skip-fix-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_fix_check:
        fix = gpsd_fix()
        if fix is None:
            log.error("no GNSS fix from gpsd; refusing to reconfigure the clock")
            return 2
        log.info("gpsd fix mode %s at %s", fix.get("mode"), fix.get("time"))

    use_pps = Path("/dev/pps0").exists()
    text = render_snippet(args.bridge_ntp, use_pps, args.offset)
    try:
        _, changed = install_snippet(text)
        if changed:
            restart_chrony()
    except PermissionError:
        log.error("need root to write the chrony configuration")
        return 1
    except (RuntimeError, FileNotFoundError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    subprocess.run(["chronyc", "-n", "sources"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
