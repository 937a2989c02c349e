#!/usr/bin/env python3
"""Request catcher for the band leader's laptop.

During a gig the leader gets requests by text, WhatsApp and the couple's
planning doc.  Instead of retyping them, copy the text: the catcher notices
the new clipboard content, matches it against the repertoire, and pushes it
to the band's #requests channel so the MD sees it on the stage tablet.

    python setlist_request_catcher.py --repertoire repertoire.txt

Config: ~/.config/request-catcher.ini  ([channel] webhook = ..., poll = 1.5)
"""
import argparse
import configparser
import difflib
import json
import logging
import queue
import socket
import sys
import threading
import time
import tkinter as tk
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("request-catcher")

CONFIG_FILE = Path.home() / ".config" / "request-catcher.ini"
DEFAULT_HOOK = "https://chat.bandhq.app/hooks/incoming/requests-7f3c1e9a"


def read_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"channel": {"webhook": DEFAULT_HOOK, "poll": "1.5", "min_len": "2"}})
    cp.read(path)
    return cp["channel"]


def load_repertoire(path):
    if not path or not Path(path).exists():
        return []
    return [line.strip() for line in Path(path).read_text().splitlines() if line.strip()]


class ChannelPoster(threading.Thread):
    """Posts queued messages to the channel, retrying while the venue wifi flaps."""

    def __init__(self, webhook, outbox):
        super().__init__(daemon=True, name="poster")
        self.webhook = webhook
        self.outbox = outbox

    def send(self, payload):
        data = json.dumps(payload).encode()
        req = urllib.request.Request(self.webhook, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status

    def run(self):
        while True:
            payload = self.outbox.get()
            for delay in (0, 2, 5, 15, 30):
                time.sleep(delay)
                try:
                    self.send(payload)
                    break
                except (urllib.error.URLError, OSError) as exc:
                    log.debug("post failed (%s), retrying", exc)


class ClipboardWatcher:
    def __init__(self, root, outbox, repertoire, poll, min_len):
        self.root = root
        self.outbox = outbox
        self.repertoire = repertoire
        self.poll_ms = int(poll * 1000)
        self.min_len = min_len
        self.last = None
        self.host = socket.gethostname()

    def read_clipboard(self):
        try:
            return self.root.clipboard_get()
        except tk.TclError:
            return None

    def match(self, text):
        hits = difflib.get_close_matches(text.strip(), self.repertoire, n=1, cutoff=0.6)
        return hits[0] if hits else None

    def tick(self):
        text = self.read_clipboard()
        if text and text != self.last and len(text.strip()) >= self.min_len:
            self.last = text
            song = self.match(text)
            label = f":musical_note: *{song}*" if song else ":grey_question: not in the book"
            self.outbox.put({"text": f"{label}\n```{text}```", "username": f"requests@{self.host}"})
            log.info("queued request: %s", song or text[:40].replace("\n", " "))
        self.root.after(self.poll_ms, self.tick)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push copied song requests to the band channel")
    ap.add_argument("--repertoire", help="text file, one song title per line")
    ap.add_argument("--config", default=str(CONFIG_FILE))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    cfg = read_config(args.config)

    try:
        root = tk.Tk()
    except tk.TclError as exc:
        log.error("no display available: %s", exc)
        return 1
    root.withdraw()

    outbox = queue.Queue()
    ChannelPoster(cfg["webhook"], outbox).start()
    watcher = ClipboardWatcher(root, outbox, load_repertoire(args.repertoire),
                               cfg.getfloat("poll"), cfg.getint("min_len"))
    watcher.last = watcher.read_clipboard()
    root.after(watcher.poll_ms, watcher.tick)
    log.info("watching the clipboard - Ctrl+C to stop")
    try:
        root.mainloop()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
