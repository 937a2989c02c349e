#!/usr/bin/env python3
"""Rolling restart of the local application services after a deploy.

Services are restarted in waves (from services.json); after each wave the
health endpoints are polled before the next wave starts.
"""
import argparse
import asyncio
import json
import logging
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("rolling-restart")

DEFAULT_PLAN = {
    "waves": [
        ["ledger-worker@1", "ledger-worker@2"],
        ["ledger-api"],
        ["ledger-scheduler"],
    ],
    "health": {
        "ledger-api": "http://127.0.0.1:8080/healthz",
    },
}


async def run(*argv: str, timeout: float = 60.0) -> tuple:
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return 124, "", "timeout"
    return proc.returncode, out.decode().strip(), err.decode().strip()


async def systemctl(action: str, unit: str) -> tuple:
    # non-interactive: relies on a sudoers rule for the deploy user
    return await run("sudo", "-n", "systemctl", action, unit)


async def is_active(unit: str) -> bool:
    rc, out, _ = await run("systemctl", "is-active", unit)
    return rc == 0 and out == "active"


def http_ok(url: str, timeout: float = 3.0) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return 200 <= resp.status < 300
    except OSError:
        return False


async def wait_healthy(unit: str, url: str, deadline: float) -> bool:
    loop = asyncio.get_running_loop()
    while time.monotonic() < deadline:
        if await is_active(unit):
            if url is None or await loop.run_in_executor(None, http_ok, url):
                return True
        await asyncio.sleep(1.5)
    return False


async def restart_wave(units: list, health: dict, grace: float, dry_run: bool) -> list:
    if dry_run:
        for u in units:
            log.info("[dry-run] would restart %s", u)
        return []
    results = await asyncio.gather(*(systemctl("restart", u) for u in units))
    failed = []
    for unit, (rc, _out, err) in zip(units, results):
        if rc != 0:
            log.error("restart %s failed (%d): %s", unit, rc, err)
            failed.append(unit)
    deadline = time.monotonic() + grace
    checks = await asyncio.gather(*(wait_healthy(u, health.get(u), deadline)
                                    for u in units if u not in failed))
    for unit, ok in zip([u for u in units if u not in failed], checks):
        if not ok:
            log.error("%s did not become healthy within %.0fs", unit, grace)
            failed.append(unit)
    return failed


async def orchestrate(plan: dict, grace: float, dry_run: bool, stop_on_error: bool) -> int:
    health = plan.get("health", {})
    all_failed = []
    for n, wave in enumerate(plan["waves"], 1):
        log.info("wave %d/%d: %s", n, len(plan["waves"]), ", ".join(wave))
        failed = await restart_wave(wave, health, grace, dry_run)
        all_failed.extend(failed)
        if failed and stop_on_error:
            log.error("stopping: wave %d had failures", n)
            break
    if all_failed:
        log.error("failed units: %s", ", ".join(all_failed))
        return 1
    log.info("all waves completed")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", type=Path, default=Path("services.json"))
    ap.add_argument("--grace", type=float, default=45.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(message)s")

    plan = DEFAULT_PLAN
    if args.plan.exists():
        plan = json.loads(args.plan.read_text())
    return asyncio.run(orchestrate(plan, args.grace, args.dry_run, not args.keep_going))


if __name__ == "__main__":
    sys.exit(main())
