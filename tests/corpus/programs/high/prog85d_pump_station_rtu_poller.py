#!/usr/bin/env python3
"""Reachability poller for lift/pump station RTUs.

Every interval, each station in stations.json is checked for ICMP
reachability and its Modbus TCP port is probed.  Results are appended to
pump_status.csv for the SCADA dashboard to pick up.

On first run on a new HMI box the interpreter is given the ICMP capability
so later runs from the scheduler don't need a terminal.

stations.json:  [{"name": "LS-07 Creekside", "host": "10.40.7.2", "port": 502}, ...]
"""
import argparse
import csv
import json
import logging
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

log = logging.getLogger("pump_poller")


def _checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    s = (s >> 16) + (s & 0xFFFF)
    s += s >> 16
    return ~s & 0xFFFF


def _interpreter_path():
    return os.path.realpath(sys.executable)


def ensure_icmp_capability():
    """Make sure this interpreter may open ICMP sockets; re-exec if changed."""
    try:
        socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP).close()
        return
    except PermissionError:
        pass
    if os.environ.get("PUMP_POLLER_REEXEC"):
        raise SystemExit("ICMP still not permitted after capability grant")
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    cmd = ["sudo", "-n", setcap, "cap_net_raw+ep", _interpreter_path()]
    log.info("granting cap_net_raw to %s", cmd[-1])
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"setcap failed: {res.stderr.strip()}")
    os.environ["PUMP_POLLER_REEXEC"] = "1"
    os.execv(sys.executable, [sys.executable] + sys.argv)


class Pinger:
    def __init__(self, timeout=1.0):
        self.timeout = timeout
        self.ident = os.getpid() & 0xFFFF

    def ping(self, host):
        header = struct.pack("!BBHHH", 8, 0, 0, self.ident, 1)
        payload = b"pumpsta" * 4
        pkt = struct.pack("!BBHHH", 8, 0, _checksum(header + payload), self.ident, 1) + payload
        with socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP) as s:
            s.settimeout(self.timeout)
            start = time.monotonic()
            s.sendto(pkt, (host, 0))
            try:
                s.recvfrom(1024)
            except socket.timeout:
                return None
            return (time.monotonic() - start) * 1000


def modbus_open(host, port, timeout):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def poll_station(pinger, st, timeout):
    rtt = pinger.ping(st["host"])
    return {
        "ts": datetime.now().isoformat(timespec="seconds"),
        "station": st["name"],
        "host": st["host"],
        "rtt_ms": f"{rtt:.1f}" if rtt is not None else "",
        "modbus": modbus_open(st["host"], st.get("port", 502), timeout),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stations", default="stations.json")
    ap.add_argument("--out", default="pump_status.csv")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--timeout", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ensure_icmp_capability()
    with open(args.stations) as fh:
        stations = json.load(fh)
    pinger = Pinger(args.timeout)
    fields = ["ts", "station", "host", "rtt_ms", "modbus"]
    new_file = not os.path.exists(args.out)

    while True:
        with ThreadPoolExecutor(max_workers=8) as pool:
            results = list(pool.map(lambda s: poll_station(pinger, s, args.timeout), stations))
        with open(args.out, "a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=fields)
            if new_file:
                w.writeheader()
                new_file = False
            w.writerows(results)
        down = [r["station"] for r in results if not r["rtt_ms"]]
        log.info("polled %d stations, %d unreachable %s", len(results), len(down), down or "")
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
