#!/usr/bin/env python3
"""Collect check-weigh readings from the goods-out balances.

Each packing bench has a precision balance that multicasts its stable
readings (JSON: bench, gross_g, tare_g, ts) when a bottle or carton is
weighed. This listener joins the group, matches each reading to the open
pick in picks.csv and appends verified weights to weights_YYYYMMDD.csv.
Bursts at shift change can be large, so the receive buffer is sized up
front.
"""
import argparse
import csv
import json
import logging
import os
import socket
import struct
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("balance_feed")

GROUP = os.environ.get("BALANCE_GROUP", "239.40.12.7")
PORT = int(os.environ.get("BALANCE_PORT", "5405"))
WANT_RCVBUF = 8 * 1024 * 1024


class NetTuning:
    knobs = {
        "net/core/rmem_max": WANT_RCVBUF,
        "net/core/rmem_default": WANT_RCVBUF // 2,
        "net/ipv4/igmp_max_memberships": 64,
    }

    @staticmethod
    def _current(key):
        try:
            return int(Path("/proc/sys", key).read_text().split()[0])
        except (OSError, ValueError):
            return None

    def apply(self):
        for key, want in self.knobs.items():
            have = self._current(key)
            if have is not None and have >= want:
                continue
            try:
                Path("/proc/sys", key).write_text(f"{want}\n")
                log.info("set %s=%d", key, want)
            except PermissionError:
                dotted = key.replace("/", ".")
                rc = subprocess.call(["sysctl", "-q", "-w", f"{dotted}={want}"])
                if rc != 0:
                    log.warning("could not raise %s (have %s)", dotted, have)


def open_socket(group, port, iface_ip):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANT_RCVBUF)
    sock.bind(("", port))
    mreq = struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton(iface_ip))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    return sock


def load_picks(path):
    with open(path, newline="") as fh:
        return {row["bench"]: row for row in csv.DictReader(fh) if row.get("status") == "open"}


def check(reading, pick, tolerance):
    net = reading["gross_g"] - reading.get("tare_g", 0)
    expected = float(pick["expected_g"])
    return net, abs(net - expected) <= expected * tolerance


def main():
    ap = argparse.ArgumentParser(description="Balance multicast listener")
    ap.add_argument("--picks", default="picks.csv")
    ap.add_argument("--iface-ip", default="0.0.0.0")
    ap.add_argument("--tolerance", type=float, default=0.02)
    ap.add_argument("--no-tune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_tune:
        NetTuning().apply()
    sock = open_socket(GROUP, PORT, args.iface_ip)
    log.info("joined %s:%d", GROUP, PORT)

    picks = load_picks(args.picks)
    out = Path(f"weights_{datetime.now():%Y%m%d}.csv")
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["ts", "bench", "pick", "net_g", "ok"])
        while True:
            data, addr = sock.recvfrom(4096)
            try:
                reading = json.loads(data)
            except ValueError:
                log.debug("junk from %s", addr[0])
                continue
            pick = picks.get(reading.get("bench"))
            if pick is None:
                picks = load_picks(args.picks)
                pick = picks.get(reading.get("bench"))
                if pick is None:
                    continue
            net, ok = check(reading, pick, args.tolerance)
            w.writerow([reading.get("ts"), reading["bench"], pick["pick_id"], f"{net:.1f}", int(ok)])
            fh.flush()
            log.log(logging.INFO if ok else logging.WARNING, "%s %s net=%.1fg ok=%s",
                    reading["bench"], pick["pick_id"], net, ok)


if __name__ == "__main__":
    sys.exit(main())
