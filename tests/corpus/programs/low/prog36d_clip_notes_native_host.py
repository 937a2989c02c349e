#!/usr/bin/env python3
"""Native-messaging host for the "Clip Notes" browser extension.

The extension sends length-prefixed JSON messages on stdin (the standard
browser native-messaging framing) and expects replies on stdout.  Notes
the user clips from a page are stored as small JSON files under
./clip_notes next to this host; nothing leaves the machine.
"""
import json
import logging
import re
import struct
import sys
import time
from pathlib import Path

HOST_NAME = "com.acme.clipnotes"
NOTES_DIR = Path("clip_notes")
MAX_MESSAGE = 1024 * 1024
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")

logging.basicConfig(
    filename="clipnotes_host.log",
    level=logging.INFO,
    format="%(asctime)s %(levelname)s %(message)s",
)
log = logging.getLogger(HOST_NAME)


class ProtocolError(Exception):
    pass


def read_message(stream):
    raw_len = stream.read(4)
    if not raw_len:
        return None
    if len(raw_len) != 4:
        raise ProtocolError("truncated length prefix")
    (length,) = struct.unpack("=I", raw_len)
    if length > MAX_MESSAGE:
        raise ProtocolError(f"message too large: {length}")
    payload = stream.read(length)
    if len(payload) != length:
        raise ProtocolError("truncated payload")
    return json.loads(payload.decode("utf-8"))


def send_message(stream, obj):
    data = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    stream.write(struct.pack("=I", len(data)))
    stream.write(data)
    stream.flush()


class NoteStore:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path_for(self, note_id: str) -> Path:
        clean = SAFE_NAME.sub("_", note_id).strip("._") or "note"
        return self.root / f"{clean}.json"

    def save(self, note_id: str, title: str, url: str, text: str) -> dict:
        record = {
            "id": note_id,
            "title": title[:300],
            "url": url[:2048],
            "text": text[:100_000],
            "saved_at": int(time.time()),
        }
        self._path_for(note_id).write_text(json.dumps(record, indent=1), encoding="utf-8")
        return {"ok": True, "id": note_id}

    def list(self) -> list:
        out = []
        for p in sorted(self.root.glob("*.json")):
            try:
                rec = json.loads(p.read_text(encoding="utf-8"))
                out.append({"id": rec["id"], "title": rec["title"], "saved_at": rec["saved_at"]})
            except (ValueError, KeyError):
                log.warning("skipping unreadable note %s", p.name)
        return out

    def delete(self, note_id: str) -> dict:
        path = self._path_for(note_id)
        if path.exists():
            path.unlink()
            return {"ok": True}
        return {"ok": False, "error": "not found"}


def handle(store: NoteStore, msg: dict) -> dict:
    action = msg.get("action")
    if action == "ping":
        return {"ok": True, "host": HOST_NAME, "version": "1.4.0"}
    if action == "save":
        return store.save(str(msg.get("id", time.time_ns())), msg.get("title", ""),
                          msg.get("url", ""), msg.get("text", ""))
    if action == "list":
        return {"ok": True, "notes": store.list()}
    if action == "delete":
        return store.delete(str(msg.get("id", "")))
    return {"ok": False, "error": f"unknown action {action!r}"}


def main() -> int:
    store = NoteStore(NOTES_DIR)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    log.info("host started")
    while True:
        try:
            msg = read_message(stdin)
        except (ProtocolError, ValueError) as exc:
            log.error("bad message: %s", exc)
            send_message(stdout, {"ok": False, "error": "bad message"})
            continue
        if msg is None:
            log.info("browser closed the pipe, exiting")
            return 0
        try:
            reply = handle(store, msg)
        except OSError as exc:
            log.exception("storage error")
            reply = {"ok": False, "error": str(exc)}
        send_message(stdout, reply)


if __name__ == "__main__":
    sys.exit(main())
