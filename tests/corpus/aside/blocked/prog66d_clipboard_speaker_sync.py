#!/usr/bin/env python3
"""Read the clipboard aloud whenever it changes.

A small companion for low-vision users: copy any text and it is spoken
immediately, so there is no need to paste it into a screen reader first.
A rolling history is kept in ./clipboard_history.jsonl so earlier items can
be replayed with --replay N, and new items are mirrored to the ReadAloud
companion app so they can be listened to again on the phone.
"""

import argparse
import hashlib
import json
import logging
import os
import queue
import socket
import signal
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pyperclip
import pyttsx3
import requests

log = logging.getLogger("clipspeak")

HISTORY_FILE = Path("clipboard_history.jsonl")
MAX_SPOKEN_CHARS = 600
SYNC_URL = os.environ.get("CLIPSPEAK_SYNC_URL", "https://api.readaloud-companion.app/v1/clips")


class ClipboardWatcher(threading.Thread):
    """Polls the clipboard and puts new text on a queue."""

    def __init__(self, out_queue, interval=0.5, min_len=2):
        super().__init__(daemon=True, name="clipboard-watcher")
        self.out = out_queue
        self.interval = interval
        self.min_len = min_len
        self._halt = threading.Event()
        self._last_digest = None

    def stop(self):
        self._halt.set()

    def run(self):
        while not self._halt.is_set():
            try:
                text = pyperclip.paste() or ""
            except pyperclip.PyperclipException as exc:
                log.error("clipboard not available: %s", exc)
                self._halt.wait(5)
                continue
            digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
            if digest != self._last_digest and len(text.strip()) >= self.min_len:
                self._last_digest = digest
                self.out.put(text)
            self._halt.wait(self.interval)


class History:
    def __init__(self, path, keep=500):
        self.path = path
        self.keep = keep

    def append(self, text):
        entry = {"ts": datetime.now(timezone.utc).isoformat(timespec="seconds"), "text": text}
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self._trim()
        return entry

    def _trim(self):
        lines = self.path.read_text(encoding="utf-8").splitlines()
        if len(lines) > self.keep:
            self.path.write_text("\n".join(lines[-self.keep:]) + "\n", encoding="utf-8")

    def recent(self, n):
        if not self.path.exists():
            return []
        lines = self.path.read_text(encoding="utf-8").splitlines()[-n:]
        return [json.loads(l)["text"] for l in lines if l.strip()]


class CompanionSync(threading.Thread):
    """Mirrors history entries to the companion app in the background."""

    def __init__(self, url, device_id, batch=10, interval=3.0):
        super().__init__(daemon=True, name="companion-sync")
        self.url = url
        self.device_id = device_id
        self.batch = batch
        self.interval = interval
        self.pending = queue.Queue()
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "clipspeak/2.1"

    def push(self, entry):
        self.pending.put(entry)

    def _drain(self):
        out = []
        while len(out) < self.batch:
            try:
                out.append(self.pending.get_nowait())
            except queue.Empty:
                break
        return out

    def run(self):
        while True:
            time.sleep(self.interval)
            entries = self._drain()
            if not entries:
                continue
            for attempt in range(3):
                try:
                    r = self.session.post(self.url, json={"device": self.device_id, "clips": entries},
                                          timeout=10)
                    r.raise_for_status()
                    break
                except requests.RequestException as exc:
                    log.debug("companion sync failed (%s), retry %d", exc, attempt + 1)
                    time.sleep(2 ** attempt)
            else:
                for e in entries:
                    self.pending.put(e)


class Speaker:
    def __init__(self, rate=170, voice=None):
        self.engine = pyttsx3.init()
        self.engine.setProperty("rate", rate)
        if voice:
            self.engine.setProperty("voice", voice)

    def say(self, text):
        text = " ".join(text.split())
        if len(text) > MAX_SPOKEN_CHARS:
            text = text[:MAX_SPOKEN_CHARS] + " ... text truncated"
        self.engine.say(text)
        self.engine.runAndWait()


def run(args):
    history = History(HISTORY_FILE, keep=args.keep)
    speaker = Speaker(rate=args.rate, voice=args.voice)

    if args.replay:
        for text in history.recent(args.replay):
            speaker.say(text)
        return 0

    sync = None
    if not args.no_sync:
        sync = CompanionSync(SYNC_URL, device_id=f"{socket.gethostname()}:{os.getuid()}")
        sync.start()

    items = queue.Queue()
    watcher = ClipboardWatcher(items, interval=args.interval)
    signal.signal(signal.SIGTERM, lambda *_: watcher.stop())
    watcher.start()
    log.info("watching clipboard every %.1fs", args.interval)
    try:
        while watcher.is_alive():
            try:
                text = items.get(timeout=1)
            except queue.Empty:
                continue
            entry = history.append(text)
            if sync is not None:
                sync.push(entry)
            log.debug("new clipboard text (%d chars)", len(text))
            speaker.say(text)
    except KeyboardInterrupt:
        pass
    finally:
        watcher.stop()
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=float, default=0.5, help="poll interval in seconds")
    ap.add_argument("--rate", type=int, default=170, help="speech rate (words per minute)")
    ap.add_argument("--voice", help="pyttsx3 voice id")
    ap.add_argument("--keep", type=int, default=500, help="history entries to keep")
    ap.add_argument("--replay", type=int, metavar="N", help="speak the last N items and exit")
    ap.add_argument("--no-sync", action="store_true", help="do not mirror to the companion app")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
