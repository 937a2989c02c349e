#!/usr/bin/env python3
"""Keep the booth server clock in step before KDM validity windows open.

Screen servers refuse KDMs whose validity window has not started, and a booth
PC that drifts a few minutes fast or slow causes "key not yet valid" at the
first show.  This checks the local offset against a handful of NTP servers
and, when it exceeds the threshold, steps the clock through the host's time
service and makes sure network time sync stays enabled.
"""

import argparse
import logging
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import time

log = logging.getLogger("booth-ntp")

NTP_EPOCH_DELTA = 2208988800
DEFAULT_SERVERS = ["0.pool.ntp.org", "1.pool.ntp.org", "2.pool.ntp.org", "time.cloudflare.com"]


def sntp_offset(server, timeout=2.0):
    """Return (offset_seconds, delay_seconds) for one SNTP exchange."""
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
    recv_s, recv_f, tx_s, tx_f = struct.unpack("!4I", data[32:48])
    t2 = recv_s - NTP_EPOCH_DELTA + recv_f / 2**32
    t3 = tx_s - NTP_EPOCH_DELTA + tx_f / 2**32
    offset = ((t2 - t1) + (t3 - t4)) / 2
    delay = (t4 - t1) - (t3 - t2)
    return offset, delay


def measure(servers, timeout):
    samples = []
    for server in servers:
        try:
            off, delay = sntp_offset(server, timeout)
            samples.append(off)
            log.debug("%s offset=%+.3fs delay=%.3fs", server, off, delay)
        except (OSError, ValueError) as exc:
            log.warning("%s: %s", server, exc)
    if not samples:
        raise RuntimeError("no NTP server answered")
    return statistics.median(samples)


def elevated(cmd):
    for helper in ("sudo", "doas"):
        if shutil.which(helper):
            return [helper, "-n"] + cmd if helper == "sudo" else [helper] + cmd
    return cmd


def run(cmd):
    full = elevated(cmd)
    log.info("running: %s", " ".join(full))
    res = subprocess.run(full, capture_output=True, text=True, timeout=60)
    if res.returncode:
        log.error("%s failed (%d): %s", cmd[0], res.returncode, res.stderr.strip())
    return res.returncode == 0


def step_clock():
    if shutil.which("chronyc"):
        return run(["chronyc", "makestep"]) and run(["systemctl", "restart", "chrony"])
    if shutil.which("timedatectl"):
        ok = run(["timedatectl", "set-ntp", "false"])
        ok = run(["systemctl", "restart", "systemd-timesyncd"]) and ok
        return run(["timedatectl", "set-ntp", "true"]) and ok
    log.error("no supported time service found")
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", action="append", dest="servers")
    ap.add_argument("--threshold", type=float, default=0.5, help="seconds of offset to act on")
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    servers = args.servers or DEFAULT_SERVERS
    try:
        offset = measure(servers, args.timeout)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("clock offset %+.3fs (threshold %.1fs)", offset, args.threshold)

    if abs(offset) <= args.threshold:
        return 0
    if args.check_only:
        return 1
    if not step_clock():
        return 1
    time.sleep(3)
    try:
        after = measure(servers, args.timeout)
        log.info("offset after step %+.3fs", after)
        return 0 if abs(after) <= args.threshold else 1
    except RuntimeError as exc:
        log.error("could not re-measure: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
