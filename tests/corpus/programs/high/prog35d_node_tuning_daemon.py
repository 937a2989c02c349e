#!/usr/bin/env python3
"""Node tuning agent for database hosts.

Reads a tuning profile (INI), detects the hardware, and applies kernel
parameters through a chain of Tuner plugins.  Every change is recorded in
a journal in the working directory so it can be reverted with --revert.
Tuners are discovered through a metaclass registry and can be enabled or
disabled per profile section.
"""
from __future__ import annotations

import argparse
import configparser
import contextlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional

log = logging.getLogger("nodetune")

PROC_SYS = Path("/proc/sys")
JOURNAL = Path("nodetune-journal.json")


@dataclass
class Hardware:
    cpus: int
    mem_kb: int
    numa_nodes: int

    @classmethod
    def detect(cls) -> "Hardware":
        mem_kb = 0
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    mem_kb = int(line.split()[1])
                    break
        numa = len(list(Path("/sys/devices/system/node").glob("node[0-9]*"))) or 1
        return cls(cpus=os.cpu_count() or 1, mem_kb=mem_kb, numa_nodes=numa)


class Journal:
    def __init__(self, path: Path):
        self.path = path
        self.entries: List[Dict[str, str]] = json.loads(path.read_text()) if path.exists() else []

    def record(self, key: str, old: str, new: str) -> None:
        self.entries.append({"key": key, "old": old, "new": new})

    def save(self) -> None:
        self.path.write_text(json.dumps(self.entries, indent=2))

    def reversed_entries(self) -> Iterator[Dict[str, str]]:
        yield from reversed(self.entries)


class KernelParams:
    """Read/write access to /proc/sys using dotted sysctl names."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    @staticmethod
    def path_for(name: str) -> Path:
        return PROC_SYS / name.replace(".", "/")

    def get(self, name: str) -> str:
        return self.path_for(name).read_text().strip()

    def set(self, name: str, value: str) -> None:
        target = self.path_for(name)
        if self.dry_run:
            log.info("[dry-run] %s = %s", name, value)
            return
        with open(target, "w") as fh:
            fh.write(f"{value}\n")


class TunerMeta(type):
    registry: Dict[str, type] = {}

    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        if ns.get("section"):
            mcls.registry[ns["section"]] = cls
        return cls


class Tuner(metaclass=TunerMeta):
    section = ""

    def __init__(self, options: configparser.SectionProxy, hw: Hardware):
        self.options = options
        self.hw = hw

    def desired(self) -> Dict[str, str]:
        raise NotImplementedError


class MemoryTuner(Tuner):
    section = "memory"

    def desired(self) -> Dict[str, str]:
        swappiness = self.options.get("swappiness", "10")
        dirty_ratio = self.options.get("dirty_ratio", "15" if self.hw.mem_kb > 64 * 1024 * 1024 else "20")
        return {"vm.swappiness": swappiness, "vm.dirty_ratio": dirty_ratio,
                "vm.dirty_background_ratio": self.options.get("dirty_background_ratio", "5")}


class NetworkTuner(Tuner):
    section = "network"

    def desired(self) -> Dict[str, str]:
        backlog = str(max(1024, 256 * self.hw.cpus))
        return {"net.core.somaxconn": self.options.get("somaxconn", backlog),
                "net.ipv4.tcp_keepalive_time": self.options.get("keepalive", "300")}


class NumaTuner(Tuner):
    section = "numa"

    def desired(self) -> Dict[str, str]:
        if self.hw.numa_nodes < 2:
            return {}
        return {"kernel.numa_balancing": self.options.get("balancing", "0")}


@contextlib.contextmanager
def journalled(journal: Journal) -> Iterator[Journal]:
    try:
        yield journal
    finally:
        journal.save()
        log.info("journal saved with %d entries", len(journal.entries))


class TuningSession:
    def __init__(self, profile: configparser.ConfigParser, params: KernelParams, journal: Journal):
        self.profile = profile
        self.params = params
        self.journal = journal
        self.hw = Hardware.detect()

    def tuners(self) -> Iterator[Tuner]:
        for section, cls in TunerMeta.registry.items():
            if self.profile.has_section(section) and self.profile[section].getboolean("enabled", True):
                yield cls(self.profile[section], self.hw)

    def apply(self) -> int:
        changed = 0
        for tuner in self.tuners():
            for key, value in tuner.desired().items():
                current = self.params.get(key)
                if current == value:
                    log.debug("%s already %s", key, value)
                    continue
                log.info("%s: %s -> %s", key, current, value)
                self.params.set(key, value)
                self.journal.record(key, current, value)
                changed += 1
        return changed

    def revert(self) -> int:
        count = 0
        for entry in self.journal.reversed_entries():
            self.params.set(entry["key"], entry["old"])
            count += 1
        self.journal.entries.clear()
        return count


def main() -> int:
    ap = argparse.ArgumentParser(description="apply a kernel tuning profile")
    ap.add_argument("--profile", type=Path, default=Path("tuning.ini"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to change kernel parameters (or use --dry-run)")
        return 1
    profile = configparser.ConfigParser()
    if not profile.read(args.profile):
        log.error("cannot read profile %s", args.profile)
        return 1

    session = TuningSession(profile, KernelParams(args.dry_run), Journal(JOURNAL))
    with journalled(session.journal):
        if args.revert:
            log.info("reverted %d parameters", session.revert())
        else:
            log.info("changed %d parameters", session.apply())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
