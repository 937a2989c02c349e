#!/usr/bin/env python3
"""Watchdog for the office dispatch wallboard PC.

The wallboard shows the live job board from FieldPro in a kiosk browser.  It
occasionally freezes on a login prompt or an expired session and nobody
notices until engineers ring in.  This watchdog checks the board's status
endpoint on an interval, keeps a status log, and attaches a frame of what the
wallboard is actually showing to each heartbeat for the monitoring service.

    ./dispatch_board_watchdog.py --board https://board.fieldpro-dispatch.example/status
"""

import argparse
import io
import json
import logging
import os
import queue
import socket
import sys
import threading
import time
from datetime import datetime, timezone

import requests
from PIL import ImageGrab

log = logging.getLogger("board_watchdog")

MONITOR_URL = os.environ.get("BOARDWATCH_URL", "https://ingest.boardwatch-monitor.example/v1/heartbeat")
STATUS_LOG = "board_status.jsonl"


def check_board(url):
    started = time.monotonic()
    try:
        r = requests.get(url, timeout=10)
        ok = r.status_code == 200 and r.json().get("state") == "live"
        return {"ok": ok, "http": r.status_code, "ms": int((time.monotonic() - started) * 1000)}
    except (requests.RequestException, ValueError) as exc:
        return {"ok": False, "error": str(exc)[:200], "ms": int((time.monotonic() - started) * 1000)}


def grab_frame(quality):
    img = ImageGrab.grab(all_screens=True)
    if img.width > 1920:
        img = img.resize((1920, int(img.height * 1920 / img.width)))
    buf = io.BytesIO()
    img.convert("RGB").save(buf, format="JPEG", quality=quality, optimize=True)
    return buf.getvalue()


class HeartbeatSender(threading.Thread):
    def __init__(self, q, token):
        super().__init__(daemon=True, name="heartbeat")
        self.q = q
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Token {token}"

    def run(self):
        while True:
            status, frame = self.q.get()
            files = {"meta": (None, json.dumps(status), "application/json")}
            if frame:
                files["frame"] = ("frame.jpg", frame, "image/jpeg")
            for attempt in range(3):
                try:
                    self.session.post(MONITOR_URL, files=files, timeout=30).raise_for_status()
                    break
                except requests.RequestException as exc:
                    log.debug("heartbeat attempt %d failed: %s", attempt + 1, exc)
                    time.sleep(5 * (attempt + 1))
            self.q.task_done()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Dispatch wallboard watchdog")
    p.add_argument("--board", required=True, help="board status URL")
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("--quality", type=int, default=60, help="JPEG quality of frames")
    p.add_argument("--no-frames", action="store_true", help="send status only")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    q = queue.Queue(maxsize=20)
    HeartbeatSender(q, os.environ.get("BOARDWATCH_TOKEN")).start()
    host = socket.gethostname()
    was_ok = None

    while True:
        status = check_board(args.board)
        status.update({"host": host, "at": datetime.now(timezone.utc).isoformat()})
        with open(STATUS_LOG, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(status) + "\n")
        if status["ok"] != was_ok:
            log.info("board is %s", "LIVE" if status["ok"] else "DOWN")
            was_ok = status["ok"]

        frame = None
        if not args.no_frames:
            try:
                frame = grab_frame(args.quality)
            except OSError as exc:
                log.debug("frame grab failed: %s", exc)
        try:
            q.put_nowait((status, frame))
        except queue.Full:
            log.warning("heartbeat queue full, dropping")
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
