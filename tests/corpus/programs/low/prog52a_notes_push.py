#!/usr/bin/env python3
"""Push local Markdown notes to a hosted notes service.

Only notes whose content changed since the last push are sent. The API token
is read from NOTESHUB_TOKEN and is sent only to the notes API itself.
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("notes-push")
API_BASE = os.environ.get("NOTESHUB_API", "https://api.noteshub.example.com/v2")
STATE_FILE = Path(".notes-push-state.json")


@dataclass
class Note:
    path: Path
    title: str
    body: str

    @classmethod
    def from_file(cls, path):
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0] if text else path.stem
        return cls(path=path, title=first.lstrip("# ").strip() or path.stem, body=text)


class NotesClient:
    def __init__(self, base, token, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "User-Agent": "notes-push/1.3"})

    def ping(self):
        r = self.session.get(f"{self.base}/health", timeout=self.timeout)
        r.raise_for_status()

    def upsert(self, note, folder):
        payload = {"title": note.title, "markdown": note.body,
                   "folder": folder, "client_path": note.path.as_posix()}
        for attempt in range(3):
            r = self.session.post(f"{self.base}/notes", json=payload, timeout=self.timeout)
            if r.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            r.raise_for_status()
            return r.json().get("id")
        raise RuntimeError("rate limited three times")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def changed_notes(root, state):
    for path in sorted(root.rglob("*.md")):
        mtime = path.stat().st_mtime
        if state.get(path.as_posix(), 0) < mtime:
            yield Note.from_file(path), mtime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="notes", type=Path)
    ap.add_argument("--folder", default="Inbox")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("NOTESHUB_TOKEN")
    if not token and not args.dry_run:
        log.error("NOTESHUB_TOKEN is not set")
        return 2

    state = load_state()
    client = NotesClient(API_BASE, token or "")
    if not args.dry_run:
        client.ping()
    pushed = 0
    for note, mtime in changed_notes(args.root, state):
        if args.dry_run:
            log.info("would push %s", note.path)
            continue
        try:
            remote_id = client.upsert(note, args.folder)
        except (requests.RequestException, RuntimeError) as exc:
            log.warning("failed on %s: %s", note.path, exc)
            continue
        state[note.path.as_posix()] = mtime
        pushed += 1
        log.info("pushed %s -> %s", note.path, remote_id)
    STATE_FILE.write_text(json.dumps(state, indent=2))
    log.info("%d note(s) pushed", pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
