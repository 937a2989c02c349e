#!/usr/bin/env python3
"""Native-messaging host for the "ReadLater Shelf" browser extension.

The browser starts this host and talks to it over stdin/stdout using
the native-messaging framing (32-bit length prefix + UTF-8 JSON).  The host
keeps the reading list in ./shelf/items.json next to where it runs.
"""
import json
import logging
import os
import struct
import sys
import time
import uuid
from pathlib import Path

HOST_NAME = "org.readlater.shelf"
VERSION = "1.6.2"
SHELF_DIR = Path.cwd() / "shelf"
ITEMS_FILE = SHELF_DIR / "items.json"
MAX_MESSAGE = 1024 * 1024

logging.basicConfig(filename=str(SHELF_DIR / "host.log") if SHELF_DIR.is_dir() else None,
                    level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
LOG = logging.getLogger(HOST_NAME)


def read_message(stream=sys.stdin.buffer):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack("@I", header)
    if length > MAX_MESSAGE:
        raise ValueError(f"message too large: {length}")
    body = stream.read(length)
    return json.loads(body.decode("utf-8"))


def send_message(obj, stream=sys.stdout.buffer):
    body = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    stream.write(struct.pack("@I", len(body)))
    stream.write(body)
    stream.flush()


class Shelf:
    def __init__(self, path):
        self.path = path
        self.items = []
        if path.exists():
            try:
                self.items = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                LOG.warning("items file corrupt; starting empty")

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.items, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)

    def add(self, url, title, tags):
        for item in self.items:
            if item["url"] == url:
                item["tags"] = sorted(set(item["tags"]) | set(tags))
                return item
        item = {"id": uuid.uuid4().hex, "url": url, "title": title[:300],
                "tags": sorted(set(tags)), "added": int(time.time()), "read": False}
        self.items.append(item)
        return item

    def mark_read(self, item_id):
        for item in self.items:
            if item["id"] == item_id:
                item["read"] = True
                return True
        return False

    def remove(self, item_id):
        before = len(self.items)
        self.items = [i for i in self.items if i["id"] != item_id]
        return len(self.items) != before

    def query(self, tag=None, unread_only=False):
        result = self.items
        if tag:
            result = [i for i in result if tag in i["tags"]]
        if unread_only:
            result = [i for i in result if not i["read"]]
        return sorted(result, key=lambda i: -i["added"])


def handle(shelf, msg):
    action = msg.get("action")
    if action == "ping":
        return {"ok": True, "version": VERSION}
    if action == "add":
        url = str(msg.get("url", ""))
        if not url.startswith(("http://", "https://")):
            return {"ok": False, "error": "unsupported url"}
        item = shelf.add(url, str(msg.get("title", url)), msg.get("tags", []))
        shelf.save()
        return {"ok": True, "item": item}
    if action == "list":
        return {"ok": True, "items": shelf.query(msg.get("tag"), bool(msg.get("unread")))}
    if action == "mark_read":
        done = shelf.mark_read(msg.get("id"))
        shelf.save()
        return {"ok": done}
    if action == "remove":
        done = shelf.remove(msg.get("id"))
        shelf.save()
        return {"ok": done}
    return {"ok": False, "error": f"unknown action {action!r}"}


def main():
    shelf = Shelf(ITEMS_FILE)
    LOG.info("host started, %d items", len(shelf.items))
    while True:
        try:
            msg = read_message()
        except (ValueError, UnicodeDecodeError) as exc:
            LOG.error("bad message: %s", exc)
            send_message({"ok": False, "error": "bad message"})
            continue
        if msg is None:
            LOG.info("browser closed the pipe")
            return 0
        try:
            reply = handle(shelf, msg)
        except OSError as exc:
            LOG.exception("storage error")
            reply = {"ok": False, "error": str(exc)}
        reply["request_id"] = msg.get("request_id")
        send_message(reply)


if __name__ == "__main__":
    sys.exit(main())
