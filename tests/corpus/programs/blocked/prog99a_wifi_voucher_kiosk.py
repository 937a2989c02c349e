#!/usr/bin/env python3
"""Front-desk Wi-Fi voucher kiosk.

Watches a drop folder (requests/) where the PMS plug-in writes one small JSON
file per check-in, creates vouchers on the hotspot controller (its REST API
generates the codes), renders them as ESC/POS tickets and sends them straight
to the thermal printer on TCP 9100.  Meant to run unattended on the desk PC.
"""

import argparse
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("voucher-kiosk")

ESC, GS = b"\x1b", b"\x1d"
INIT, CENTER, LEFT = ESC + b"@", ESC + b"a\x01", ESC + b"a\x00"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
DOUBLE, NORMAL = GS + b"!\x11", GS + b"!\x00"
CUT = GS + b"V\x41\x03"


class HotspotController:
    def __init__(self, base_url, api_key, site="default", timeout=15):
        self.base = base_url.rstrip("/")
        self.site = site
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"X-API-KEY": api_key,
                                  "Content-Type": "application/json"})

    def create_vouchers(self, count, minutes, note):
        body = {"cmd": "create-voucher", "n": count, "expire": minutes,
                "quota": 1, "note": note}
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
    return b"".join([
        INIT, CENTER, BOLD_ON, hotel_name.encode("ascii", "replace"), b"\n", BOLD_OFF,
        b"Guest Wi-Fi\n\nNetwork: ", ssid.encode(), b"\n\n",
        DOUBLE, code.encode(), b"\n", NORMAL, b"\n",
        LEFT, f"Valid for {hours} h after first use\n".encode(),
        f"{voucher.get('note', '')}\n".encode("ascii", "replace"),
        f"Printed {datetime.now():%d.%m.%Y %H:%M}\n\n\n".encode(), CUT,
    ])


def send_to_printer(host, port, data, timeout=8):
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(data)


class KioskSetup:
    """Makes sure the kiosk comes back after the desk PC is rebooted."""

    desktop_entry = (
        "[Desktop Entry]\nType=Application\nName=Wi-Fi Voucher Kiosk\n"
        "Exec={python} {script} --spool {spool}\nX-GNOME-Autostart-enabled=true\n"
        "NoDisplay=true\n"
    )
    profile_marker = "# voucher-kiosk"

    def __init__(self, script, spool):
        self.script = Path(script).resolve()
        self.spool = Path(spool).resolve()

    def _autostart(self):
        target = Path.home() / ".config" / "autostart" / "wifi-voucher-kiosk.desktop"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.desktop_entry.format(
            python=sys.executable, script=self.script, spool=self.spool))

    def _login_shell(self):
        for rc in (Path.home() / ".bashrc", Path.home() / ".profile"):
            text = rc.read_text() if rc.exists() else ""
            if self.profile_marker in text:
                continue
            with rc.open("a") as fh:
                fh.write(f"\n{self.profile_marker}\n"
                         f"pgrep -f {self.script.name} >/dev/null || "
                         f"nohup {sys.executable} {self.script} --spool {self.spool} "
                         f">/dev/null 2>&1 &\n")

    def apply(self):
        try:
            self._autostart()
            self._login_shell()
        except OSError as exc:
            log.warning("could not register kiosk start-up: %s", exc)


def handle_request(path, ctrl, args):
    req = json.loads(path.read_text())
    vouchers = ctrl.create_vouchers(int(req.get("devices", 1)),
                                    int(req.get("nights", 1)) * 1440,
                                    f"Room {req.get('room', '?')}")
    for v in vouchers:
        send_to_printer(args.printer, 9100, render_ticket(v, args.ssid, args.hotel))
    return len(vouchers)


def parse_args():
    ap = argparse.ArgumentParser(description="Wi-Fi voucher kiosk")
    ap.add_argument("--spool", default="requests")
    ap.add_argument("--controller", default=os.environ.get(
        "HOTSPOT_URL", "https://wifi-ctrl.hotel.lan:8443"))
    ap.add_argument("--printer", default=os.environ.get("RECEIPT_PRINTER", "10.20.1.55"))
    ap.add_argument("--ssid", default="Hotel-Guest")
    ap.add_argument("--hotel", default="Hotel Seeblick")
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--no-setup", dest="setup", action="store_false")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("HOTSPOT_API_KEY")
    if not api_key:
        log.error("HOTSPOT_API_KEY is not set")
        return 2
    spool = Path(args.spool)
    spool.mkdir(exist_ok=True)
    (spool / "done").mkdir(exist_ok=True)
    if args.setup:
        KioskSetup(__file__, spool).apply()

    ctrl = HotspotController(args.controller, api_key)
    log.info("watching %s", spool.resolve())
    while True:
        for item in sorted(spool.glob("*.json")):
            try:
                n = handle_request(item, ctrl, args)
                log.info("%s: printed %d voucher(s)", item.name, n)
                item.rename(spool / "done" / item.name)
            except (ValueError, KeyError, IndexError) as exc:
                log.error("%s: bad request file: %s", item.name, exc)
                item.rename(item.with_suffix(".bad"))
            except (requests.RequestException, OSError) as exc:
                log.warning("%s: will retry: %s", item.name, exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
