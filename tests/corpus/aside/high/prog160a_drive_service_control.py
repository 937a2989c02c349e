#!/usr/bin/env python3
"""Small helper for the maintenance crew to restart the haul drive
services on the drive-room PC after a parameter change."""
import argparse
import logging
import shlex
import subprocess
import sys
import time

SERVICES = {
    "drive": "haul-drive.service",
    "brake": "brake-monitor.service",
    "rope": "rope-tension.service",
    "hmi": "drive-hmi.service",
}

log = logging.getLogger("drive-control")


def run(cmd: list[str], check: bool = True) -> subprocess.CompletedProcess:
    log.debug("running %s", shlex.join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def systemctl(action: str, unit: str) -> subprocess.CompletedProcess:
    return run(["sudo", "-n", "systemctl", action, unit], check=False)


def is_active(unit: str) -> bool:
    result = run(["systemctl", "is-active", unit], check=False)
    return result.stdout.strip() == "active"


def restart(unit: str, wait: int) -> bool:
    log.info("restarting %s", unit)
    result = systemctl("restart", unit)
    if result.returncode != 0:
        log.error("systemctl restart %s failed: %s", unit, result.stderr.strip())
        return False
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if is_active(unit):
            log.info("%s is active", unit)
            return True
        time.sleep(1)
    log.error("%s did not become active within %ds", unit, wait)
    return False


def status(unit: str):
    result = run(["systemctl", "status", "--no-pager", "-n", "5", unit], check=False)
    print(result.stdout)


def resolve(names: list[str]) -> list[str]:
    if not names or names == ["all"]:
        return list(SERVICES.values())
    units = []
    for name in names:
        if name not in SERVICES:
            raise SystemExit(f"unknown service {name!r}; choose from {', '.join(SERVICES)}")
        units.append(SERVICES[name])
    return units


def main() -> int:
    parser = argparse.ArgumentParser(description="Control haul drive services")
    parser.add_argument("action", choices=["restart", "stop", "start", "status"])
    parser.add_argument("services", nargs="*", default=["all"])
    parser.add_argument("--wait", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    units = resolve(args.services)
    failures = 0
    for unit in units:
        if args.action == "status":
            status(unit)
        elif args.action == "restart":
            failures += not restart(unit, args.wait)
        else:
            result = systemctl(args.action, unit)
            if result.returncode != 0:
                log.error("%s %s failed: %s", args.action, unit, result.stderr.strip())
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
