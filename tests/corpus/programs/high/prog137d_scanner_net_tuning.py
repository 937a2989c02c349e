#!/usr/bin/env python3
"""Network buffer tuning for the 3D log scanner.

The scanner heads stream profile packets over UDP at up to 2 kHz; with the
stock kernel buffers the scanner PC drops frames during long logs. This tool
checks the current receive buffer limits and raises them to the values the
scanner vendor recommends, optionally making the change permanent.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nettune")

RECOMMENDED = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 26214400,
    "net.core.netdev_max_backlog": 5000,
}
PERSIST_FILE = Path("/etc/sysctl.d/60-log-scanner.conf")


def key_to_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def current(key):
    try:
        return int(key_to_path(key).read_text().split()[0])
    except (OSError, ValueError):
        return None


def _elevated(argv):
    if os.geteuid() == 0:
        return argv
    helper = shutil.which("sudo") or shutil.which("doas")
    return [helper, "-n"] + argv if helper else argv


def apply(key, value):
    path = key_to_path(key)
    try:
        path.write_text(f"{value}\n")
        return True
    except PermissionError:
        pass
    # not root: go through the sysctl binary instead
    argv = _elevated(["sysctl", "-w", f"{key}={value}"])
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("could not set %s: %s", key, res.stderr.strip())
        return False
    return True


def persist(values):
    body = "# log scanner UDP buffers\n" + "".join(
        f"{k} = {v}\n" for k, v in values.items())
    try:
        PERSIST_FILE.write_text(body)
    except PermissionError:
        tmp = Path("./60-log-scanner.conf")
        tmp.write_text(body)
        subprocess.run(_elevated(["install", "-m", "0644", str(tmp), str(PERSIST_FILE)]),
                       check=False)
        tmp.unlink()
    log.info("written %s", PERSIST_FILE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="only report")
    ap.add_argument("--persist", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    todo = {}
    for key, want in RECOMMENDED.items():
        have = current(key)
        status = "ok" if have is not None and have >= want else "low"
        log.info("%-28s %-10s want %-10d %s", key, have, want, status)
        if status == "low":
            todo[key] = want

    if args.check or not todo:
        return 0
    failed = [k for k, v in todo.items() if not apply(k, v)]
    if args.persist and not failed:
        persist(RECOMMENDED)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
