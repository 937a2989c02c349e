#!/usr/bin/env python3
"""Sail loft order quick-look.

Small always-on-top window for the loft floor PCs: copy a sail order number
anywhere (email, PDF, the cutting list) and the window shows the order's
status, sail type, cloth and promised date from LoftOrders. Matching is done
server side so partial numbers and customer references copied out of emails
also resolve.

Settings come from ~/.config/loft_quicklook.json:
    {"endpoint": "assist.loftorders.example.com", "token": "...", "poll_ms": 700}
"""
import http.client
import json
import logging
import os
import queue
import re
import sys
import threading
import time
import tkinter as tk
from pathlib import Path

log = logging.getLogger("quicklook")

CONFIG_PATH = Path(os.path.expanduser("~/.config/loft_quicklook.json"))
DEFAULTS = {"endpoint": "assist.loftorders.example.com", "token": "", "poll_ms": 700}
ORDER_RE = re.compile(r"\b(?:SL|LO)[-\s]?\d{4,6}\b", re.I)


def load_settings():
    cfg = dict(DEFAULTS)
    try:
        cfg.update(json.loads(CONFIG_PATH.read_text()))
    except (OSError, ValueError) as exc:
        log.info("using default settings (%s)", exc)
    return cfg


class Resolver(threading.Thread):
    """Sends copied text to LoftOrders and hands results back to the UI."""

    def __init__(self, cfg, results):
        super().__init__(daemon=True, name="resolver")
        self.cfg = cfg
        self.inbox = queue.Queue()
        self.results = results

    def _post(self, body):
        conn = http.client.HTTPSConnection(self.cfg["endpoint"], timeout=15)
        try:
            conn.request("POST", "/v1/resolve", body=json.dumps(body),
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Token {self.cfg['token']}"})
            resp = conn.getresponse()
            data = resp.read()
            return json.loads(data) if resp.status == 200 else None
        finally:
            conn.close()

    def run(self):
        while True:
            text = self.inbox.get()
            body = {"text": text, "candidates": ORDER_RE.findall(text),
                    "station": os.uname().nodename, "ts": int(time.time())}
            for attempt in range(3):
                try:
                    self.results.put(self._post(body))
                    break
                except (OSError, http.client.HTTPException, ValueError) as exc:
                    log.debug("resolve attempt %d: %s", attempt + 1, exc)
                    time.sleep(2 ** attempt)


class QuickLook:
    def __init__(self, cfg):
        self.cfg = cfg
        self.results = queue.Queue()
        self.resolver = Resolver(cfg, self.results)
        self.last = None
        self.root = tk.Tk()
        self.root.title("Order quick-look")
        self.root.attributes("-topmost", True)
        self.root.geometry("360x120-20+40")
        self.label = tk.Label(self.root, text="copy an order number…", justify="left",
                              anchor="nw", font=("DejaVu Sans", 11))
        self.label.pack(fill="both", expand=True, padx=8, pady=8)

    def watch(self):
        try:
            text = self.root.clipboard_get()
        except tk.TclError:
            text = None
        if text and text != self.last:
            self.last = text
            self.resolver.inbox.put(text[:4000])
        self.drain()
        self.root.after(int(self.cfg["poll_ms"]), self.watch)

    def drain(self):
        while not self.results.empty():
            res = self.results.get_nowait()
            if not res or not res.get("order"):
                continue
            o = res["order"]
            self.label.config(text=f"{o['number']}  {o['customer']}\n{o['sail']} - {o['cloth']}\n"
                                   f"status: {o['status']}   due {o['due']}")

    def run(self):
        self.resolver.start()
        self.root.after(200, self.watch)
        self.root.mainloop()


def main():
    logging.basicConfig(level=logging.DEBUG if "-v" in sys.argv else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_settings()
    if not cfg["token"]:
        log.warning("no LoftOrders token configured; lookups will be anonymous")
    try:
        QuickLook(cfg).run()
    except tk.TclError as exc:
        log.error("no display: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
