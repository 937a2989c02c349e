#!/usr/bin/env python3
"""Status relay for the EQ-8 / CEM120 mount controller.

Opens an outbound session to the vendor assistance relay and answers a fixed
set of read-only status queries (position, tracking, park state, limits) so a
support engineer can check the mount without the observatory opening any
inbound ports. Values are read from the local INDI server with indi_getprop.

Session parameters are read from ~/.config/mountctl/assist.ini:

    [relay]
    host = 203.0.113.47
    port = 4711
    retries = 5

    [site]
    name = Cerro Pachon pier 3
    device = CEM120
"""
import argparse
import configparser
import logging
import os
import platform
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("mount-relay")
DEFAULT_CONF = Path.home() / ".config" / "mountctl" / "assist.ini"

QUERIES = {
    "POS": "EQUATORIAL_EOD_COORD.*",
    "TRACK": "TELESCOPE_TRACK_STATE.*",
    "PARK": "TELESCOPE_PARK.*",
    "LIMITS": "HORIZONTAL_LIMITS.*",
    "PIER": "TELESCOPE_PIER_SIDE.*",
}


class StatusSession:
    """One status session against the assistance relay."""

    relay_host = "203.0.113.47"
    relay_port = 4711
    retries = 5
    backoff = 8.0

    def __init__(self, cfg: configparser.ConfigParser, ticket: str):
        self.ticket = ticket
        if cfg.has_section("relay"):
            self.relay_host = cfg.get("relay", "host", fallback=self.relay_host)
            self.relay_port = cfg.getint("relay", "port", fallback=self.relay_port)
            self.retries = cfg.getint("relay", "retries", fallback=self.retries)
        self.site = cfg.get("site", "name", fallback=platform.node())
        self.device = cfg.get("site", "device", fallback="Telescope Simulator")

    def _connect(self) -> socket.socket:
        last_exc = None
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("contacting relay %s:%d (attempt %d/%d)",
                         self.relay_host, self.relay_port, attempt, self.retries)
                sock = socket.create_connection((self.relay_host, self.relay_port), timeout=15)
                sock.settimeout(300)
                return sock
            except OSError as exc:
                last_exc = exc
                LOG.warning("relay unreachable: %s", exc)
                time.sleep(self.backoff * attempt)
        raise ConnectionError(f"relay not reachable after {self.retries} attempts") from last_exc

    def _hello(self, sock: socket.socket) -> None:
        banner = (
            f"STATUS/1.1 ticket={self.ticket} site={self.site!r} "
            f"device={self.device!r} py={platform.python_version()}\n"
        )
        sock.sendall(banner.encode())

    def _query(self, key: str) -> str:
        pattern = QUERIES.get(key)
        if pattern is None:
            return f"ERR unknown query {key!r}; known: {' '.join(sorted(QUERIES))}"
        try:
            proc = subprocess.run(
                ["indi_getprop", "-1", "-t", "5", f"{self.device}.{pattern}"],
                capture_output=True, text=True, timeout=10,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"ERR {exc}"
        if proc.returncode != 0:
            return f"ERR indi_getprop rc={proc.returncode} {proc.stderr.strip()}"
        return " ".join(proc.stdout.split())

    def _serve(self, sock: socket.socket) -> None:
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        for line in reader:
            key = line.strip().upper()
            if not key:
                continue
            if key == "BYE":
                sock.sendall(b"OK bye\n")
                break
            reply = self._query(key)
            LOG.info("query %s -> %s", key, reply[:80])
            sock.sendall((reply + "\n").encode())

    def run(self) -> int:
        sock = self._connect()
        self._hello(sock)
        LOG.info("session %s established", self.ticket)
        try:
            self._serve(sock)
        except socket.timeout:
            LOG.info("session idle, closing")
        finally:
            sock.close()
        return 0


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    if path.exists():
        cfg.read(path)
        LOG.debug("loaded %s", path)
    else:
        LOG.debug("no config at %s, using defaults", path)
    return cfg


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Answer mount status queries for vendor support")
    ap.add_argument("--config", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--ticket", default=os.environ.get("ASSIST_TICKET", "T-0000"),
                    help="support ticket number given by the vendor")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        return StatusSession(cfg, args.ticket).run()
    except ConnectionError as exc:
        LOG.error("%s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
