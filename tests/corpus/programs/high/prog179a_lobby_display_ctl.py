#!/usr/bin/env python3
"""Lobby display control for the front-of-house team.

The lobby shows the live wheel camera and the day's demonstration times on
a wall screen driven by a small PC.  Front-of-house staff use this to
restart the display service, check its state, or tune the kernel settings
the camera capture needs after a system update.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("lobby")

SERVICE = os.environ.get("LOBBY_SERVICE", "lobby-display.service")
CAMERA_TUNING = {
    "net.core.rmem_max": "8388608",
    "net.core.rmem_default": "1048576",
    "vm.swappiness": "10",
}


def _elevated(cmd):
    helper = os.environ.get("LOBBY_ELEVATE", "sudo")
    if os.geteuid() == 0:
        return cmd
    if not shutil.which(helper):
        sys.exit(f"{helper} not available; ask the duty manager")
    return [helper, "-n"] + cmd


def _run(cmd, check=True):
    log.debug("running %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if check and res.returncode != 0:
        log.error("%s failed: %s", cmd[0], res.stderr.strip())
    return res


def status(_args):
    res = _run(["systemctl", "is-active", SERVICE], check=False)
    print(f"{SERVICE}: {res.stdout.strip() or 'unknown'}")


def restart(_args):
    _run(_elevated(["systemctl", "restart", SERVICE]))
    status(_args)


def stop(_args):
    _run(_elevated(["systemctl", "stop", SERVICE]))
    status(_args)


def tune(args):
    for key, value in CAMERA_TUNING.items():
        if args.show:
            print(_run(["sysctl", "-n", key], check=False).stdout.strip(), key)
            continue
        _run(_elevated(["sysctl", "-w", f"{key}={value}"]))
        log.info("set %s=%s", key, value)


ACTIONS = {
    "status": status,
    "restart": restart,
    "stop": stop,
    "tune": tune,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--show", action="store_true", help="for tune: only show values")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ACTIONS[args.action](args)


if __name__ == "__main__":
    main()
