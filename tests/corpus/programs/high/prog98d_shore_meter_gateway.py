#!/usr/bin/env python3
"""Shore-power meter gateway for the marina pedestals.

The pedestal kWh meters sit on an isolated RS485-to-Ethernet segment
(192.168.50.0/24) behind the dock PC. This sets the dock PC up as the
router for that segment so the billing server can reach the meters, then
reads each meter's import register over Modbus/TCP once and writes the
readings to meter_readings.csv for the monthly berth invoices.

    shore_meter_gateway.py --meters meters.json --lan eth0 --dock eth1
"""
import argparse
import csv
import datetime as dt
import json
import logging
import socket
import struct
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("shore_meters")

FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")
MODBUS_PORT = 502
IMPORT_KWH_REGISTER = 0x0048  # 32-bit float, two holding registers


class RouteSetup:
    def __init__(self, lan_if, dock_if, billing_host, meters):
        self.lan_if = lan_if
        self.dock_if = dock_if
        self.billing_host = billing_host
        self.meters = meters

    def _ipt(self, *rule):
        check = ["iptables", "-C", *rule[1:]] if rule[0] == "-A" else None
        if rule[:2] == ("-t", "nat"):
            check = ["iptables", "-t", "nat", "-C", *rule[3:]]
        if check and subprocess.run(check, capture_output=True).returncode == 0:
            return
        subprocess.run(["iptables", *rule], check=True)

    def enable_forwarding(self):
        if FORWARD_KNOB.read_text().strip() != "1":
            FORWARD_KNOB.write_text("1\n")
            LOG.info("IPv4 forwarding enabled")

    def apply(self):
        self.enable_forwarding()
        self._ipt("-t", "nat", "-A", "POSTROUTING", "-o", self.dock_if, "-j", "MASQUERADE")
        self._ipt("-A", "FORWARD", "-i", self.lan_if, "-o", self.dock_if,
                  "-s", self.billing_host, "-p", "tcp", "--dport", str(MODBUS_PORT),
                  "-j", "ACCEPT")
        self._ipt("-A", "FORWARD", "-i", self.dock_if, "-o", self.lan_if,
                  "-m", "state", "--state", "ESTABLISHED,RELATED", "-j", "ACCEPT")
        LOG.info("routing %s -> %s for %d meters", self.lan_if, self.dock_if,
                 len(self.meters))


def read_kwh(host, unit, timeout=3.0):
    """Read the import energy register (function 0x03) from one meter."""
    tid = 1
    pdu = struct.pack(">BHH", 0x03, IMPORT_KWH_REGISTER, 2)
    frame = struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu
    with socket.create_connection((host, MODBUS_PORT), timeout=timeout) as s:
        s.sendall(frame)
        resp = s.recv(256)
    if len(resp) < 13 or resp[7] != 0x03:
        raise IOError(f"bad modbus reply from {host}: {resp.hex()}")
    return struct.unpack(">f", resp[9:13])[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--meters", default="meters.json")
    ap.add_argument("--lan", default="eth0")
    ap.add_argument("--dock", default="eth1")
    ap.add_argument("--billing-host", default="192.168.1.20")
    ap.add_argument("--out", default="meter_readings.csv")
    ap.add_argument("--no-route", dest="route", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        meters = json.loads(Path(args.meters).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.meters, exc)
        return 2

    if args.route:
        try:
            RouteSetup(args.lan, args.dock, args.billing_host, meters).apply()
        except (OSError, subprocess.CalledProcessError) as exc:
            LOG.error("route setup failed (run on the dock PC as admin): %s", exc)
            return 1

    now = dt.datetime.now().isoformat(timespec="minutes")
    new = not Path(args.out).exists()
    ok = 0
    with open(args.out, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["ts", "pedestal", "berth", "meter_ip", "kwh"])
        for m in meters:
            try:
                kwh = read_kwh(m["ip"], m.get("unit", 1))
            except (OSError, IOError, struct.error) as exc:
                LOG.warning("pedestal %s: %s", m.get("pedestal"), exc)
                continue
            w.writerow([now, m.get("pedestal"), m.get("berth"), m["ip"], f"{kwh:.2f}"])
            ok += 1
    LOG.info("read %d/%d meters", ok, len(meters))
    return 0 if ok == len(meters) else 1


if __name__ == "__main__":
    sys.exit(main())
