#!/usr/bin/env python3
"""Poll the online-order relay and print tickets on the kitchen printer.

Orders from the aggregators and our own ordering site land in the relay.
This runs on the little box behind the counter: it pulls new tickets,
renders them as ESC/POS and pushes them to the thermal printer on the LAN
(raw port 9100).  A plain-text copy of every ticket is kept in ./spool so
the night manager can reprint if the paper runs out mid-rush.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("orderprint")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
BIG, NORMAL = GS + b"!\x11", GS + b"!\x00"
CUT = GS + b"V\x41\x03"

DEFAULTS = {
    "relay_url": "https://relay.kebabpos.example.com/v1",
    "shop_id": "",
    "printer_host": "192.168.1.60",
    "printer_port": "9100",
    "poll_seconds": "8",
    "spool_dir": "spool",
    "width": "42",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["printer"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        log.info("loaded %s", path)
    return cp["printer"]


class RelayClient:
    """Tiny client for the ticket relay REST API."""

    def __init__(self, base, shop_id, token):
        self.base = base.rstrip("/")
        self.shop_id = shop_id
        self.token = token

    def _headers(self, extra=None):
        h = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        h.update(extra or {})
        return h

    def pending(self):
        url = f"{self.base}/shops/{self.shop_id}/tickets?state=new"
        req = urllib.request.Request(url, headers=self._headers())
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp).get("tickets", [])

    def ack(self, ticket_id):
        body = json.dumps({"state": "printed"}).encode()
        req = urllib.request.Request(
            f"{self.base}/shops/{self.shop_id}/tickets/{ticket_id}",
            data=body,
            method="POST",
            headers=self._headers({"Content-Type": "application/json"}),
        )
        with urllib.request.urlopen(req, timeout=15):
            pass


def render_ticket(t, width):
    lines = []
    lines.append(f"#{t.get('number', '?')}  {t.get('channel', 'web').upper()}")
    lines.append(datetime.fromtimestamp(t.get("placed_at", time.time())).strftime("%H:%M %d/%m"))
    lines.append("-" * width)
    for item in t.get("items", []):
        name = f"{item.get('qty', 1)} x {item.get('name', '')}"
        lines.append(name[:width])
        for mod in item.get("mods", []):
            lines.append(f"   + {mod}"[:width])
        if item.get("note"):
            lines.append(f"   ! {item['note']}"[:width])
    lines.append("-" * width)
    if t.get("delivery"):
        d = t["delivery"]
        lines.append("DELIVERY")
        lines.append(d.get("address", "")[:width])
        lines.append(d.get("postcode", ""))
    else:
        lines.append("COLLECTION")
    lines.append(f"TOTAL  £{t.get('total', 0):.2f}")
    return lines


def to_escpos(lines):
    out = bytearray(INIT)
    out += BOLD_ON + BIG + lines[0].encode("cp437", "replace") + b"\n" + NORMAL + BOLD_OFF
    for ln in lines[1:]:
        out += ln.encode("cp437", "replace") + b"\n"
    out += b"\n\n\n" + CUT
    return bytes(out)


def send_to_printer(host, port, payload, attempts=3):
    for n in range(1, attempts + 1):
        try:
            with socket.create_connection((host, port), timeout=5) as s:
                s.sendall(payload)
            return True
        except OSError as exc:
            log.warning("printer %s:%s attempt %d failed: %s", host, port, n, exc)
            time.sleep(2 * n)
    return False


def spool_copy(spool, t, lines):
    spool.mkdir(exist_ok=True)
    p = spool / f"{t.get('number', 'x')}_{int(time.time())}.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def run(cfg, once=False):
    token = os.environ.get("RELAY_TOKEN")
    if not token:
        log.error("RELAY_TOKEN not set")
        return 2
    client = RelayClient(cfg["relay_url"], cfg["shop_id"], token)
    spool = Path(cfg["spool_dir"])
    width = cfg.getint("width")
    while True:
        try:
            tickets = client.pending()
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("relay poll failed: %s", exc)
            tickets = []
        for t in tickets:
            lines = render_ticket(t, width)
            spool_copy(spool, t, lines)
            if send_to_printer(cfg["printer_host"], cfg.getint("printer_port"), to_escpos(lines)):
                client.ack(t["id"])
                log.info("printed ticket %s", t.get("number"))
            else:
                log.error("ticket %s left in spool for reprint", t.get("number"))
        if once:
            return 0
        time.sleep(cfg.getint("poll_seconds"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="orderprint.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        return run(load_config(args.config), once=args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
