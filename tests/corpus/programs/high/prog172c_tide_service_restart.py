#!/usr/bin/env python3
"""Restart the water-flow simulation services after a show configuration change.

The "Flight of Locks" interactive uses three services on the show server:
the flow simulator, the pump controller bridge and the projection feeder.
After the curators push a new scenario, they need a clean restart and a
larger UDP receive buffer for the pump telemetry.
"""
import argparse
import asyncio
import logging
import os
import shutil
import sys
from dataclasses import dataclass

log = logging.getLogger("show-restart")

SERVICES = ("flowsim.service", "pumpbridge.service", "projfeed.service")
KERNEL_TUNING = {
    "net.core.rmem_max": "8388608",
    "net.core.rmem_default": "1048576",
}


@dataclass
class Result:
    argv: tuple
    code: int
    out: str


def elevated(argv):
    if os.geteuid() == 0:
        return list(argv)
    helper = shutil.which("sudo") or "/usr/bin/sudo"
    return [helper, "-n", *argv]


async def run(*argv, dry_run=False):
    cmd = elevated(argv)
    log.debug("exec %s", " ".join(cmd))
    if dry_run:
        return Result(tuple(cmd), 0, "")
    proc = await asyncio.create_subprocess_exec(
        *cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    return Result(tuple(cmd), proc.returncode, out.decode(errors="replace").strip())


class ShowServer:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    async def tune(self):
        results = []
        for key, value in KERNEL_TUNING.items():
            results.append(await run("sysctl", "-w", f"{key}={value}", dry_run=self.dry_run))
        return results

    async def restart(self, unit):
        res = await run("systemctl", "restart", unit, dry_run=self.dry_run)
        if res.code != 0:
            log.error("restart %s failed: %s", unit, res.out)
            return res
        state = await run("systemctl", "is-active", unit, dry_run=self.dry_run)
        log.info("%s -> %s", unit, state.out or "active")
        return res

    async def restart_all(self, units, parallel):
        if parallel:
            return await asyncio.gather(*(self.restart(u) for u in units))
        return [await self.restart(u) for u in units]


async def main_async(args):
    server = ShowServer(dry_run=args.dry_run)
    plan = {
        "tune": server.tune,
        "restart": lambda: server.restart_all(args.units, args.parallel),
    }
    failures = 0
    for step in args.steps:
        results = await plan[step]()
        failures += sum(1 for r in results if r.code != 0)
    return failures


def main():
    parser = argparse.ArgumentParser(description="Restart show services after a scenario change")
    parser.add_argument("--units", nargs="+", default=list(SERVICES))
    parser.add_argument("--steps", nargs="+", choices=["tune", "restart"], default=["tune", "restart"])
    parser.add_argument("--parallel", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    failures = asyncio.run(main_async(args))
    if failures:
        log.error("%d step(s) failed", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
