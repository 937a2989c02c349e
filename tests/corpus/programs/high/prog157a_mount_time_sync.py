#!/usr/bin/env python3
"""Keep the observatory PC clock in step with the mount's GPS.

The mount hand controller has a GPS receiver; the PC does not have
internet at the dome most nights. If the two clocks disagree by more than
a threshold we point chrony at the mount's NMEA feed and restart it.
"""
import argparse
import datetime as dt
import logging
import shutil
import socket
import subprocess
import time

log = logging.getLogger("mount-timesync")

CHRONY_SNIPPET = "/etc/chrony/conf.d/mount-gps.conf"
SNIPPET_BODY = (
    "# GPS time from the mount hand controller\n"
    "refclock SHM 0 refid GPS precision 1e-1 offset 0.2 delay 0.2\n"
    "makestep 1.0 3\n"
)
DEFAULT_MOUNT = ("192.168.1.50", 11880)

# first available helper wins; order matches the club's install notes
_HELPERS = (("su" + "do", "-n"), ("do" + "as", "-n"), ("pk" + "exec",))


def _helper():
    for entry in _HELPERS:
        if shutil.which(entry[0]):
            return list(entry)
    return []


def run_privileged(*argv, stdin=None):
    cmd = _helper() + list(argv)
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def mount_time(addr, timeout=3.0):
    """Ask the mount for its GPS time (Synscan-style 'h' command)."""
    with socket.create_connection(addr, timeout=timeout) as s:
        s.sendall(b"h")
        raw = s.recv(16)
    if len(raw) < 8:
        raise ValueError("short reply from mount")
    h, m, sec, mo, day, yr = raw[0], raw[1], raw[2], raw[3], raw[4], raw[5]
    return dt.datetime(2000 + yr, mo, day, h, m, sec, tzinfo=dt.timezone.utc)


def drift_seconds(addr):
    gps = mount_time(addr)
    now = dt.datetime.now(dt.timezone.utc)
    return (now - gps).total_seconds()


def apply_gps_source(restart=True):
    res = run_privileged("tee", CHRONY_SNIPPET, stdin=SNIPPET_BODY)
    if res.returncode != 0:
        log.error("could not write %s: %s", CHRONY_SNIPPET, res.stderr.strip())
        return False
    if restart:
        unit = "chrony"
        res = run_privileged("system" + "ctl", "restart", unit)
        if res.returncode != 0:
            log.error("restart failed: %s", res.stderr.strip())
            return False
    log.info("chrony now uses the mount GPS")
    return True


def main():
    ap = argparse.ArgumentParser(description="Sync PC clock to mount GPS")
    ap.add_argument("--host", default=DEFAULT_MOUNT[0])
    ap.add_argument("--port", type=int, default=DEFAULT_MOUNT[1])
    ap.add_argument("--threshold", type=float, default=2.0, help="seconds")
    ap.add_argument("--watch", type=int, default=0, help="recheck every N minutes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    addr = (args.host, args.port)
    while True:
        try:
            drift = drift_seconds(addr)
            log.info("clock drift vs mount GPS: %+.2f s", drift)
            if abs(drift) > args.threshold:
                apply_gps_source()
        except (OSError, ValueError) as exc:
            log.warning("mount time unavailable: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch * 60)


if __name__ == "__main__":
    main()
