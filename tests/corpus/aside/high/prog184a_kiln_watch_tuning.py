#!/usr/bin/env python3
"""Enamel-kiln watcher host tuning.

The kiln watcher follows thousands of small log files written by the kiln
controllers (dial enamelling for the pocket-watch toys).  On a fresh host it
runs out of inotify watches; this helper raises the kernel limits and bounces
the bridge service so it picks them up.
"""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("kiln.tuning")

LIMITS = {
    "fs/inotify/max_user_watches": 524288,
    "fs/inotify/max_user_instances": 1024,
}
SERVICE = os.environ.get("KILN_BRIDGE_UNIT", "kiln-bridge.service")


class Host:
    proc_root = Path("/proc") / "sys"
    _helper = ("su", "do")
    _svc = ("system", "ctl")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def _cmd(self, *args):
        argv = ["".join(self._helper), *args]
        log.info("run: %s", " ".join(argv))
        if not self.dry_run:
            getattr(self._sp, "check_call")(argv)

    def current(self, key):
        try:
            return int((self.proc_root / key).read_text().strip())
        except (OSError, ValueError):
            return None

    def set_limit(self, key, value):
        path = self.proc_root / key
        if os.geteuid() == 0:
            log.info("write %s = %s", path, value)
            if not self.dry_run:
                path.write_text(f"{value}\n")
        else:
            argv = ["".join(self._helper), "tee", str(path)]
            log.info("run: %s <<< %s", " ".join(argv), value)
            if not self.dry_run:
                self._sp.run(argv, input=f"{value}\n", text=True,
                             stdout=self._sp.DEVNULL, check=True)

    def restart(self, unit):
        self._cmd("".join(self._svc), "restart", unit)


def plan(host):
    todo = {}
    for key, want in LIMITS.items():
        have = host.current(key)
        if have is None or have < want:
            todo[key] = want
        log.info("%-32s have=%s want=%s", key, have, want)
    return todo


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    host = Host(dry_run=args.dry_run)
    todo = plan(host)
    for key, value in todo.items():
        host.set_limit(key, value)
    if todo and not args.no_restart:
        host.restart(SERVICE)
    log.info("%d limits changed", len(todo))


if __name__ == "__main__":
    main()
