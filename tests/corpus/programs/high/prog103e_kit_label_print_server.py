#!/usr/bin/env python3
"""Print hire tags for wetsuits, buoyancy aids and boards going out today.

Reads the kit hire log (kit_hire.csv: item_id, kind, size, hirer, out, due)
and prints one tag per item hired today on the label printer by the kit
store door.  The kit store PC has no CUPS of its own, so the script brings
up the club's CUPS print-server container (with the USB label printer passed
through) before sending the tags to it.
"""
import argparse
import csv
import http.client
import json
import logging
import shutil
import socket
import subprocess
import sys
import textwrap
import time
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("kit_labels")

TAG_WIDTH = 28
CUPS_IMAGE = "clubhub/cups-brother:2.4"
CUPS_NAME = "kitstore-cups"
CUPS_PORT = 6310
PRINTER_DEV = "/dev/usb/lp0"


class DockerSocket(http.client.HTTPConnection):
    """HTTP over the local engine's unix socket."""

    def __init__(self, path="/var/run/docker.sock", timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


def engine(method, path, body=None):
    conn = DockerSocket()
    try:
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    return resp.status, (json.loads(data) if data.strip() else {})


def ensure_print_server():
    status, info = engine("GET", f"/containers/{CUPS_NAME}/json")
    if status == 404:
        spec = {
            "Image": CUPS_IMAGE,
            "ExposedPorts": {"631/tcp": {}},
            "HostConfig": {
                "PortBindings": {"631/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(CUPS_PORT)}]},
                "Devices": [{"PathOnHost": PRINTER_DEV, "PathInContainer": PRINTER_DEV,
                             "CgroupPermissions": "rwm"}],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        status, info = engine("POST", f"/containers/create?name={CUPS_NAME}", spec)
        if status >= 300:
            raise RuntimeError(f"could not create print server: {info.get('message')}")
        log.info("created %s", CUPS_NAME)
        running = False
    else:
        running = info.get("State", {}).get("Running", False)
    if not running:
        status, info = engine("POST", f"/containers/{CUPS_NAME}/start")
        if status not in (204, 304):
            raise RuntimeError(f"could not start print server: {info.get('message')}")
        time.sleep(3)
        log.info("print server started on 127.0.0.1:%d", CUPS_PORT)


class LabelPrinter:
    def __init__(self, queue, server, copies=1):
        self.queue = queue
        self.server = server
        self.copies = copies
        if not shutil.which("lp"):
            raise RuntimeError("CUPS client (lp) is not installed")

    def print_tag(self, title, text):
        cmd = ["lp", "-h", self.server, "-d", self.queue, "-n", str(self.copies), "-t", title,
               "-o", "media=Custom.62x100mm", "-o", "cpi=14", "-o", "lpi=8"]
        proc = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace").strip() or "lp failed")
        return proc.stdout.decode().strip()


def render_tag(item):
    due = datetime.strptime(item["due"], "%Y-%m-%d %H:%M")
    lines = [
        "=" * TAG_WIDTH,
        f"{item['kind'].upper():^{TAG_WIDTH}}",
        f"{'ID ' + item['item_id']:^{TAG_WIDTH}}",
        f"{'SIZE ' + item['size']:^{TAG_WIDTH}}",
        "-" * TAG_WIDTH,
    ]
    lines += textwrap.wrap(f"Hirer: {item['hirer']}", TAG_WIDTH)
    lines += [f"Back by {due:%a %H:%M}", "=" * TAG_WIDTH, ""]
    return "\n".join(lines)


def todays_hires(log_path, day):
    with open(log_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                out = datetime.strptime(row["out"], "%Y-%m-%d %H:%M").date()
            except (KeyError, ValueError):
                log.warning("skipping row with bad 'out' time: %r", row)
                continue
            if out == day and not row.get("tagged"):
                yield row


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print kit hire tags via the kit store print server")
    ap.add_argument("--log", default="kit_hire.csv")
    ap.add_argument("--queue", default="kitstore_label")
    ap.add_argument("--day", type=date.fromisoformat, default=date.today())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.log).exists():
        log.error("hire log %s not found", args.log)
        return 1
    items = list(todays_hires(args.log, args.day))
    if not items:
        log.info("nothing hired on %s", args.day)
        return 0

    try:
        ensure_print_server()
        printer = LabelPrinter(args.queue, f"127.0.0.1:{CUPS_PORT}")
    except (OSError, RuntimeError) as exc:
        log.error("print server unavailable: %s", exc)
        return 2
    failed = 0
    for item in items:
        try:
            job = printer.print_tag(f"kit-{item['item_id']}", render_tag(item))
            log.info("%s %s: %s", item["item_id"], item["kind"], job)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("tag for %s failed: %s", item["item_id"], exc)
            failed += 1
    log.info("%d tags sent, %d failed", len(items) - failed, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
