#!/usr/bin/env python3
"""Safely reload or restart nginx after a config change.

Runs 'sudo nginx -t' to validate the configuration first and only then
'sudo systemctl reload|restart nginx', finally checking that the unit is
active.  Intended for operators deploying new site configs by hand.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import time

log = logging.getLogger("nginx-restart")

SERVICE = "nginx"


class StepFailed(Exception):
    pass


def run(cmd: list, check: bool = True) -> subprocess.CompletedProcess:
    log.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise StepFailed(f"{' '.join(cmd)} exited {result.returncode}: "
                         f"{(result.stderr or result.stdout).strip()[-500:]}")
    return result


def preflight() -> None:
    for tool in ("sudo", "systemctl", "nginx"):
        if shutil.which(tool) is None:
            raise StepFailed(f"required tool not found: {tool}")


def test_config() -> None:
    result = run(["sudo", "-n", "nginx", "-t"])
    log.info("config test: %s", result.stderr.strip().splitlines()[-1:] or "ok")


def apply(action: str) -> None:
    run(["sudo", "-n", "systemctl", action, SERVICE])


def is_active() -> bool:
    result = run(["systemctl", "is-active", SERVICE], check=False)
    return result.stdout.strip() == "active"


def wait_active(timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if is_active():
            return True
        time.sleep(1)
    return False


def recent_logs(lines: int) -> str:
    result = run(["sudo", "-n", "journalctl", "-u", SERVICE, "-n", str(lines),
                  "--no-pager"], check=False)
    return result.stdout


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Validate and restart nginx")
    ap.add_argument("--action", choices=("reload", "restart"), default="reload")
    ap.add_argument("--skip-test", action="store_true",
                    help="do not run 'nginx -t' first (not recommended)")
    ap.add_argument("--wait", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        preflight()
        if not args.skip_test:
            test_config()
        apply(args.action)
    except (StepFailed, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    if not wait_active(args.wait):
        log.error("%s is not active after %s", SERVICE, args.action)
        print(recent_logs(30))
        return 1
    print(f"{SERVICE} {args.action}ed and active")
    return 0


if __name__ == "__main__":
    sys.exit(main())
