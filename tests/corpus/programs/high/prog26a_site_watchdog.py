#!/usr/bin/env python3
"""Watch the local website and restart nginx when it stops responding.

Checks the health URL every --interval seconds; after --failures consecutive
failures it restarts the nginx service and writes an entry to watchdog.log.
"""
import argparse
import logging
import subprocess
import sys
import time

import requests

log = logging.getLogger("watchdog")


def healthy(url: str, timeout: float, expect: str) -> bool:
    try:
        resp = requests.get(url, timeout=timeout)
    except requests.RequestException as exc:
        log.warning("request error: %s", exc)
        return False
    if resp.status_code >= 500:
        log.warning("status %s", resp.status_code)
        return False
    if expect and expect not in resp.text:
        log.warning("expected text %r missing", expect)
        return False
    return True


def service_state(service: str) -> str:
    out = subprocess.run(["systemctl", "is-active", service],
                         capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def restart_service(service: str) -> bool:
    log.error("restarting %s", service)
    test = subprocess.run(["sudo", "nginx", "-t"], capture_output=True, text=True)
    if test.returncode != 0:
        log.error("nginx config test failed, not restarting:\n%s", test.stderr)
        return False
    result = subprocess.run(["sudo", "systemctl", "restart", service],
                            capture_output=True, text=True)
    if result.returncode != 0:
        log.error("restart failed: %s", result.stderr.strip())
        return False
    time.sleep(3)
    state = service_state(service)
    log.info("%s is now %s", service, state)
    return state == "active"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://localhost/healthz")
    parser.add_argument("--service", default="nginx")
    parser.add_argument("--expect", default="", help="text the page must contain")
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=5)
    parser.add_argument("--failures", type=int, default=3)
    parser.add_argument("--cooldown", type=int, default=300)
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.FileHandler("watchdog.log"), logging.StreamHandler()],
    )
    log.info("watching %s (service %s)", args.url, args.service)

    failures = 0
    last_restart = 0.0
    try:
        while True:
            if healthy(args.url, args.timeout, args.expect):
                if failures:
                    log.info("recovered after %d failure(s)", failures)
                failures = 0
            else:
                failures += 1
                log.warning("check failed (%d/%d)", failures, args.failures)
                if failures >= args.failures and time.time() - last_restart > args.cooldown:
                    restart_service(args.service)
                    last_restart = time.time()
                    failures = 0
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
