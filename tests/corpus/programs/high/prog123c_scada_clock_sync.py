#!/usr/bin/env python3
"""Keep the SCADA poller host's clock aligned with the farm's time master.

Turbine controllers stamp 10-minute SCADA records with the time from the
substation GPS clock.  If the poller host drifts, availability calculations
and alarm correlation go wrong.  This tool queries the GPS clock over NTP,
reports the offset, and when the offset is above the tolerance points the
local chrony at the farm time master and restarts it.

Usage:
    scada_clock_sync.py --master 10.20.0.5 [--tolerance 0.5] [--check]
"""

import argparse
import logging
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("clock_sync")

NTP_EPOCH_DELTA = 2208988800  # seconds between 1900-01-01 and 1970-01-01
SOURCES_DIR = Path("/etc/chrony/sources.d")
SOURCES_FILE = SOURCES_DIR / "windfarm-master.sources"
CHRONY_UNITS = ("chrony.service", "chronyd.service")


def _to_ntp(ts):
    sec = int(ts) + NTP_EPOCH_DELTA
    frac = int((ts - int(ts)) * 2**32)
    return sec, frac


def _from_ntp(sec, frac):
    return sec - NTP_EPOCH_DELTA + frac / 2**32


def query_offset(server, timeout=2.0, port=123):
    """SNTP client query; returns (offset_seconds, round_trip_seconds, stratum)."""
    packet = bytearray(48)
    packet[0] = (0 << 6) | (4 << 3) | 3  # LI=0, VN=4, mode=client
    t1 = time.time()
    packet[40:48] = struct.pack("!II", *_to_ntp(t1))
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        sock.sendto(bytes(packet), (server, port))
        data, _ = sock.recvfrom(512)
    t4 = time.time()
    if len(data) < 48:
        raise ValueError("short NTP reply")
    stratum = data[1]
    t2 = _from_ntp(*struct.unpack("!II", data[32:40]))
    t3 = _from_ntp(*struct.unpack("!II", data[40:48]))
    offset = ((t2 - t1) + (t3 - t4)) / 2
    delay = (t4 - t1) - (t3 - t2)
    return offset, delay, stratum


def measure(server, samples):
    results = []
    for _ in range(samples):
        try:
            results.append(query_offset(server))
        except (OSError, ValueError) as exc:
            log.warning("query to %s failed: %s", server, exc)
        time.sleep(0.5)
    if not results:
        raise RuntimeError(f"no NTP replies from {server}")
    best = min(results, key=lambda r: r[1])  # lowest round trip is most accurate
    return best


def write_sources(master):
    text = (f"# farm time master (substation GPS clock), managed by scada_clock_sync\n"
            f"server {master} iburst prefer minpoll 4 maxpoll 6\n")
    if SOURCES_FILE.exists() and SOURCES_FILE.read_text() == text:
        return False
    SOURCES_DIR.mkdir(parents=True, exist_ok=True)
    SOURCES_FILE.write_text(text)
    SOURCES_FILE.chmod(0o644)
    log.info("wrote %s", SOURCES_FILE)
    return True


def restart_chrony():
    for unit in CHRONY_UNITS:
        probe = subprocess.run(["systemctl", "cat", unit], capture_output=True)
        if probe.returncode == 0:
            subprocess.run(["systemctl", "restart", unit], check=True)
            subprocess.run(["chronyc", "-a", "makestep"], check=False)
            log.info("restarted %s and stepped the clock", unit)
            return
    raise RuntimeError("chrony is not installed on this host")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--master", required=True, help="farm time master address")
    ap.add_argument("--tolerance", type=float, default=0.5, help="seconds")
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        offset, delay, stratum = measure(args.master, args.samples)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("master %s stratum %d offset %+.3fs delay %.3fs", args.master, stratum, offset, delay)

    if abs(offset) <= args.tolerance:
        log.info("within tolerance (%.2fs)", args.tolerance)
        return 0
    if args.check:
        log.warning("offset exceeds tolerance; run without --check to correct")
        return 1
    try:
        write_sources(args.master)
        restart_chrony()
    except (OSError, subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("could not correct clock: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
