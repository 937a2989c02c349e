#!/usr/bin/env python3
"""Recycle storefront background workers when their queue lag grows.

Checks the order-processing queue depth via the local status endpoint and
restarts the corresponding systemd units when workers look stuck.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("worker_recycle")

UNITS = {
    "orders": "shop-worker@orders.service",
    "invoices": "shop-worker@invoices.service",
    "emails": "shop-worker@emails.service",
    "stock": "shop-worker@stock.service",
}
STATUS_URL = "http://127.0.0.1:8081/internal/queues"


def queue_stats(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as resp:
        return json.load(resp)


def run(cmd: list, check: bool = True) -> subprocess.CompletedProcess:
    log.debug("exec: %s", shlex.join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def unit_active(unit: str) -> bool:
    res = run(["systemctl", "is-active", unit], check=False)
    return res.stdout.strip() == "active"


def restart_unit(unit: str, dry_run: bool) -> bool:
    cmd = ["sudo", "-n", "systemctl", "restart", unit]
    if dry_run:
        log.info("[dry-run] %s", shlex.join(cmd))
        return True
    try:
        run(cmd)
    except subprocess.CalledProcessError as exc:
        log.error("restart of %s failed: %s", unit, exc.stderr.strip())
        return False
    for _ in range(10):
        if unit_active(unit):
            log.info("%s is active again", unit)
            return True
        time.sleep(2)
    log.error("%s did not come back", unit)
    return False


def needs_recycle(stat: dict, max_lag: int, max_age: int) -> bool:
    lag = stat.get("pending", 0)
    oldest = stat.get("oldest_age_s", 0)
    consumers = stat.get("consumers", 0)
    return consumers == 0 or (lag > max_lag and oldest > max_age)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-lag", type=int, default=500)
    ap.add_argument("--max-age", type=int, default=600, help="seconds")
    ap.add_argument("--only", choices=sorted(UNITS), action="append")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        stats = queue_stats(STATUS_URL)
    except OSError as exc:
        log.error("status endpoint unreachable: %s", exc)
        return 2

    failed = []
    for queue in args.only or sorted(UNITS):
        stat = stats.get(queue, {})
        if not needs_recycle(stat, args.max_lag, args.max_age):
            log.info("%s ok (pending=%s)", queue, stat.get("pending"))
            continue
        log.warning("%s looks stuck: %s", queue, stat)
        if not restart_unit(UNITS[queue], args.dry_run):
            failed.append(queue)
    if failed:
        log.error("could not recycle: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
