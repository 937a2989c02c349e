#!/usr/bin/env python3
"""Print guest Wi-Fi vouchers on the front-desk receipt printer.

Creates vouchers on the hotspot controller (its REST API generates the
codes), then renders them as ESC/POS tickets and sends them straight to the
thermal printer on TCP 9100.  A copy of every printed voucher is appended to
vouchers/<date>.jsonl for the night audit.

    wifi_voucher_printer.py --count 2 --minutes 1440 --note "Room 214"
"""

import argparse
import json
import logging
import os
import socket
import sys
from datetime import date, datetime
from pathlib import Path

import requests

log = logging.getLogger("voucher-printer")

ESC = b"\x1b"
GS = b"\x1d"
INIT = ESC + b"@"
CENTER = ESC + b"a\x01"
LEFT = ESC + b"a\x00"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
DOUBLE = GS + b"!\x11"
NORMAL = GS + b"!\x00"
CUT = GS + b"V\x41\x03"


class HotspotController:
    def __init__(self, base_url, api_key, site="default", timeout=15):
        self.base = base_url.rstrip("/")
        self.site = site
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"X-API-KEY": api_key,
                                  "Content-Type": "application/json"})

    def create_vouchers(self, count, minutes, quota_mb, note):
        body = {"cmd": "create-voucher", "n": count, "expire": minutes,
                "quota": 1, "bytes": quota_mb or None, "note": note}
        r = self.http.post(f"{self.base}/api/s/{self.site}/cmd/hotspot",
                           json=body, timeout=self.timeout)
        r.raise_for_status()
        created = r.json()["data"][0]["create_time"]
        r = self.http.get(f"{self.base}/api/s/{self.site}/stat/voucher",
                          params={"create_time": created}, timeout=self.timeout)
        r.raise_for_status()
        return r.json()["data"]


def render_ticket(voucher, ssid, hotel_name):
    code = voucher["code"]
    code = f"{code[:5]}-{code[5:]}" if len(code) == 10 else code
    hours = int(voucher.get("duration", 0)) // 60
    lines = [
        INIT, CENTER, BOLD_ON, hotel_name.encode("ascii", "replace"), b"\n", BOLD_OFF,
        b"Guest Wi-Fi\n\n",
        b"Network: ", ssid.encode(), b"\n\n",
        DOUBLE, code.encode(), b"\n", NORMAL, b"\n",
        LEFT, f"Valid for {hours} h after first use\n".encode(),
        f"Note: {voucher.get('note', '')}\n".encode("ascii", "replace"),
        f"Printed {datetime.now():%d.%m.%Y %H:%M}\n\n\n".encode(),
        CUT,
    ]
    return b"".join(lines)


def send_to_printer(host, port, data, timeout=8):
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(data)


def archive(vouchers, directory="vouchers"):
    d = Path(directory)
    d.mkdir(exist_ok=True)
    path = d / f"{date.today().isoformat()}.jsonl"
    with path.open("a") as fh:
        for v in vouchers:
            fh.write(json.dumps({"code": v["code"], "note": v.get("note"),
                                 "duration": v.get("duration"),
                                 "printed": datetime.now().isoformat()}) + "\n")
    os.chmod(path, 0o600)


def parse_args():
    ap = argparse.ArgumentParser(description="Print guest Wi-Fi vouchers")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--minutes", type=int, default=1440)
    ap.add_argument("--quota-mb", type=int, default=0)
    ap.add_argument("--note", default="")
    ap.add_argument("--controller", default=os.environ.get(
        "HOTSPOT_URL", "https://wifi-ctrl.hotel.lan:8443"))
    ap.add_argument("--printer", default=os.environ.get("RECEIPT_PRINTER", "10.20.1.55"))
    ap.add_argument("--ssid", default="Hotel-Guest")
    ap.add_argument("--hotel", default="Hotel Seeblick")
    ap.add_argument("--no-print", action="store_true", help="show codes only")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("HOTSPOT_API_KEY")
    if not api_key:
        log.error("HOTSPOT_API_KEY is not set")
        return 2
    if not 1 <= args.count <= 20:
        log.error("count must be between 1 and 20")
        return 2

    ctrl = HotspotController(args.controller, api_key)
    try:
        vouchers = ctrl.create_vouchers(args.count, args.minutes, args.quota_mb, args.note)
    except (requests.RequestException, KeyError, IndexError) as exc:
        log.error("controller refused voucher request: %s", exc)
        return 1

    for v in vouchers:
        if args.no_print:
            print(v["code"])
            continue
        try:
            send_to_printer(args.printer, 9100, render_ticket(v, args.ssid, args.hotel))
        except OSError as exc:
            log.error("printer %s unreachable: %s (code %s)", args.printer, exc, v["code"])
    archive(vouchers)
    log.info("%d voucher(s) issued", len(vouchers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
