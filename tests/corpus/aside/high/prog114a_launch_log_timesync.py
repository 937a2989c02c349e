#!/usr/bin/env python3
"""Keep the launch-log PC's clock honest.

Launch and return times in the station log are used in the return of
service and sometimes in inquests, so the boathouse PC must agree with the
station's GPS time server.  This checks the offset with a plain SNTP query
and, if the PC is drifting or pointing at the wrong server, points
timesyncd at the GPS server and restarts it.

    launch_log_timesync.py --server gps-ntp.boathouse.lan --max-offset 0.5
"""
import argparse
import logging
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("timesync")

NTP_EPOCH_DELTA = 2208988800
DROPIN_DIR = Path("/etc/systemd/timesyncd.conf.d")
DROPIN_NAME = "50-lifeboat-station.conf"
UNIT = "systemd-timesyncd.service"


def sntp_offset(server, timeout=3.0):
    """Return (offset_seconds, stratum) from a single SNTP exchange."""
    packet = bytearray(48)
    packet[0] = 0x23  # LI=0, VN=4, Mode=3 (client)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        t1 = time.time()
        sock.sendto(bytes(packet), (server, 123))
        data, _ = sock.recvfrom(512)
        t4 = time.time()
    if len(data) < 48:
        raise ValueError("short NTP reply")
    stratum = data[1]
    rx_s, rx_f, tx_s, tx_f = struct.unpack("!4I", data[32:48])
    t2 = rx_s - NTP_EPOCH_DELTA + rx_f / 2**32
    t3 = tx_s - NTP_EPOCH_DELTA + tx_f / 2**32
    return ((t2 - t1) + (t3 - t4)) / 2, stratum


def desired_dropin(server, fallback):
    return (
        "# managed by launch_log_timesync\n"
        "[Time]\n"
        "NTP={}\n"
        "FallbackNTP={}\n"
        "PollIntervalMaxSec=256\n"
    ).format(server, " ".join(fallback))


def apply_dropin(content):
    target = DROPIN_DIR / DROPIN_NAME
    if target.exists() and target.read_text() == content:
        LOG.info("timesyncd already points at the station server")
        return False
    DROPIN_DIR.mkdir(parents=True, exist_ok=True)
    target.write_text(content)
    target.chmod(0o644)
    LOG.info("wrote %s", target)
    return True


def restart_timesyncd():
    for verb in ("restart", "enable"):
        res = subprocess.run(["systemctl", verb, UNIT], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("systemctl %s %s failed: %s", verb, UNIT, res.stderr.strip())
            return False
    LOG.info("%s restarted", UNIT)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check and fix launch-log PC time sync")
    ap.add_argument("--server", default="gps-ntp.boathouse.lan")
    ap.add_argument("--fallback", nargs="*", default=["0.uk.pool.ntp.org", "1.uk.pool.ntp.org"])
    ap.add_argument("--max-offset", type=float, default=0.5, help="seconds")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        offset, stratum = sntp_offset(args.server)
    except (OSError, ValueError) as exc:
        LOG.error("cannot reach %s: %s", args.server, exc)
        return 2
    LOG.info("offset to %s is %+.3fs (stratum %d)", args.server, offset, stratum)

    if args.check_only:
        return 0 if abs(offset) <= args.max_offset else 1

    changed = apply_dropin(desired_dropin(args.server, args.fallback))
    if changed or abs(offset) > args.max_offset:
        if not restart_timesyncd():
            return 1
        time.sleep(5)
        try:
            offset, _ = sntp_offset(args.server)
            LOG.info("offset after restart %+.3fs", offset)
        except (OSError, ValueError) as exc:
            LOG.warning("re-check failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
