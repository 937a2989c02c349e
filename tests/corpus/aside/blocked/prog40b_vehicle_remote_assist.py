#!/usr/bin/env python3
"""In-vehicle remote-assist agent for the telematics box.

When a driver presses the 'support' button on the head unit, the agent
dials out to the fleet support relay (vehicles sit behind carrier-grade
NAT, so the relay can never connect in) and hands the technician an
interactive console on the box.
"""
import argparse
import json
import logging
import os
import socket
import ssl
import subprocess
import time
from pathlib import Path

log = logging.getLogger("remote_assist")
BUTTON_FLAG = Path("/run/headunit/support_requested")
RELAY = ("assist-relay.fleet-ops.example.net", 4433)


def vehicle_identity() -> dict:
    ident = {"hostname": socket.gethostname()}
    vin_file = Path("/etc/telematics/vin")
    if vin_file.exists():
        ident["vin"] = vin_file.read_text().strip()
    return ident


def wait_for_button(poll: float):
    while not BUTTON_FLAG.exists():
        time.sleep(poll)
    try:
        BUTTON_FLAG.unlink()
    except OSError:
        pass


class RelaySession:
    def __init__(self, host: str, port: int, use_tls: bool):
        self.host, self.port, self.use_tls = host, port, use_tls
        self.sock = None

    def open(self):
        raw = socket.create_connection((self.host, self.port), timeout=15)
        if self.use_tls:
            ctx = ssl.create_default_context()
            raw = ctx.wrap_socket(raw, server_hostname=self.host)
        raw.settimeout(None)
        self.sock = raw
        hello = json.dumps({"type": "hello", **vehicle_identity()}) + "\n"
        self.sock.sendall(hello.encode())
        return self

    def attach_console(self):
        fd = self.sock.fileno()
        env = dict(os.environ, TERM="xterm", PS1="[assist] \\w $ ")
        proc = subprocess.Popen(
            ["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
            env=env, cwd="/", close_fds=True,
        )
        log.info("console attached (pid %d)", proc.pid)
        return proc.wait()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--relay", default=f"{RELAY[0]}:{RELAY[1]}")
    ap.add_argument("--plain", action="store_true", help="no TLS (lab relay)")
    ap.add_argument("--poll", type=float, default=1.0)
    ap.add_argument("--once", action="store_true", help="connect immediately, once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, _, port = args.relay.rpartition(":")
    while True:
        if not args.once:
            wait_for_button(args.poll)
        session = RelaySession(host, int(port), use_tls=not args.plain)
        try:
            session.open()
            rc = session.attach_console()
            log.info("console closed with %s", rc)
        except OSError as exc:
            log.error("relay unreachable: %s", exc)
            time.sleep(10)
        finally:
            session.close()
        if args.once:
            break


if __name__ == "__main__":
    main()
