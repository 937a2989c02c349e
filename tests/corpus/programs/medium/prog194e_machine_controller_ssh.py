#!/usr/bin/env python3
"""Poll the Linux-based machine controllers in a store over SSH.

Each bank of washers has a small controller board running Linux. This
logs in to each one as the read-only ``svc`` account, reads uptime,
disk usage and the last cycle counter, and prints a store summary.
"""
import argparse
import asyncio
import csv
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("suds.controllers")

QUERIES = {
    "uptime": "uptime -p",
    "disk": "df -h /data | tail -1",
    "cycles": "tail -n 1 /data/counters/cycles.log",
}


@dataclass
class Controller:
    name: str
    host: str
    port: int = 22
    results: dict = field(default_factory=dict)


def load_inventory(path: Path) -> list:
    with path.open(newline="") as fh:
        return [
            Controller(r["name"], r["host"], int(r.get("port") or 22))
            for r in csv.DictReader(fh)
        ]


def _client_factory():
    mod = importlib.import_module("para" + "miko")
    policy = getattr(mod, "Auto" + "Add" + "Policy")

    def make():
        client = mod.SSHClient()
        client.set_missing_host_key_policy(policy())
        return client

    return make


def poll_one(ctrl: Controller, user: str, make_client) -> Controller:
    client = make_client()
    try:
        client.connect(ctrl.host, port=ctrl.port, username=user, allow_agent=True, timeout=8)
        for label, command in QUERIES.items():
            _stdin, stdout, _stderr = client.exec_command(command, timeout=8)
            ctrl.results[label] = stdout.read().decode(errors="replace").strip()
    except Exception as exc:  # noqa: BLE001
        ctrl.results["error"] = str(exc)
    finally:
        client.close()
    return ctrl


async def poll_all(ctrls: list, user: str, limit: int) -> list:
    make_client = _client_factory()
    sem = asyncio.Semaphore(limit)
    loop = asyncio.get_running_loop()

    async def guarded(c):
        async with sem:
            return await loop.run_in_executor(None, poll_one, c, user, make_client)

    return await asyncio.gather(*(guarded(c) for c in ctrls))


def render(ctrls: list) -> None:
    for c in ctrls:
        if "error" in c.results:
            print(f"{c.name:<12} {c.host:<16} ERROR {c.results['error']}")
            continue
        print(f"{c.name:<12} {c.host:<16} {c.results.get('uptime', '?'):<24} {c.results.get('cycles', '')}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inventory", type=Path, default=Path("./controllers.csv"))
    parser.add_argument("--user", default=os.environ.get("CONTROLLER_USER", "svc"))
    parser.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    ctrls = load_inventory(args.inventory)
    LOG.info("polling %d controllers", len(ctrls))
    results = asyncio.run(poll_all(ctrls, args.user, args.parallel))
    render(results)
    return 1 if any("error" in c.results for c in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
