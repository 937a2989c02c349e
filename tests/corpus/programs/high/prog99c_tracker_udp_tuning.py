#!/usr/bin/env python3
"""Size the kernel UDP receive buffers for the GPS tracker ingest box.

Every hire bike's tracker sends a position datagram every few seconds. With
a few hundred bikes out on a sunny Saturday the default socket buffers
overflow and we drop fixes. This works out what the ingest socket needs from
the fleet size and report interval, compares it with the running kernel
settings and brings them up to the target.
"""

import argparse
import configparser
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("udp_tuning")

KNOBS = {
    "rmem_max": Path("/proc/sys/net/core/rmem_max"),
    "rmem_default": Path("/proc/sys/net/core/rmem_default"),
    "netdev_max_backlog": Path("/proc/sys/net/core/netdev_max_backlog"),
}

DATAGRAM_BYTES = 220      # typical tracker payload incl. headers
HEADROOM_SECONDS = 4      # how long the ingest loop may stall


def fleet_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"fleet": {"bikes": "350", "interval_s": "5", "burst_factor": "3"}})
    if path and Path(path).exists():
        cfg.read(path)
    f = cfg["fleet"]
    return int(f["bikes"]), float(f["interval_s"]), float(f["burst_factor"])


def target_values(bikes, interval, burst):
    rate = bikes / interval * burst                 # datagrams per second at peak
    need = int(rate * DATAGRAM_BYTES * HEADROOM_SECONDS * 2)  # kernel doubles/overheads
    need = max(need, 4 * 1024 * 1024)
    return {
        "rmem_max": need,
        "rmem_default": need // 4,
        "netdev_max_backlog": max(2000, int(rate * HEADROOM_SECONDS)),
    }


def current_values():
    out = {}
    for name, path in KNOBS.items():
        try:
            out[name] = int(path.read_text().split()[0])
        except (OSError, ValueError):
            out[name] = None
    return out


def apply_values(plan):
    changed = []
    for name, value in plan.items():
        path = KNOBS[name]
        try:
            with path.open("w") as fh:
                fh.write(f"{value}\n")
            changed.append(name)
            log.info("set %s = %d", name, value)
        except PermissionError:
            log.error("cannot write %s (run on the ingest box as its admin)", path)
    return changed


def verify_socket(port, wanted):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, wanted)
        got = s.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    finally:
        s.close()
    log.info("ingest socket on port %d would get SO_RCVBUF=%d (asked %d)", port, got, wanted)
    return got >= wanted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fleet", default="fleet.ini")
    ap.add_argument("--port", type=int, default=5055)
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bikes, interval, burst = fleet_settings(args.fleet)
    want = target_values(bikes, interval, burst)
    have = current_values()
    plan = {k: v for k, v in want.items() if have.get(k) is None or have[k] < v}

    for k in KNOBS:
        log.info("%-20s current=%-10s target=%d", k, have.get(k), want[k])
    if not plan:
        log.info("kernel settings already sufficient for %d bikes", bikes)
    elif not args.check:
        apply_values(plan)

    ok = verify_socket(args.port, want["rmem_max"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
