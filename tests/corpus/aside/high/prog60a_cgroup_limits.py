"""memguard.cgroup -- confine heavy test workers with cgroup v2 limits.

``memguard`` is a pytest-xdist companion: when a worker starts, the plugin
hook :func:`pytest_configure_node` places it into its own cgroup so that a
runaway test gets OOM-killed alone instead of taking the CI host down.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, Optional

log = logging.getLogger("memguard.cgroup")

CGROUP_ROOT = Path(os.environ.get("MEMGUARD_CGROUP_ROOT", "/sys/fs/cgroup"))
PARENT = "memguard.slice"
CONTROLLERS = ("cpu", "memory", "pids", "io")


@dataclass
class Limits:
    memory_max: str = "4G"
    memory_swap_max: str = "0"
    cpu_quota_pct: int = 200
    pids_max: int = 512

    def as_files(self) -> Dict[str, str]:
        period = 100_000
        return {
            "memory.max": self.memory_max,
            "memory.swap.max": self.memory_swap_max,
            "cpu.max": f"{period * self.cpu_quota_pct // 100} {period}",
            "pids.max": str(self.pids_max),
            "memory.oom.group": "1",
        }


class CgroupError(RuntimeError):
    pass


def _write(path: Path, value: str) -> None:
    try:
        with open(path, "w", encoding="ascii") as fh:
            fh.write(value)
    except OSError as exc:
        raise CgroupError(f"cannot write {value!r} to {path}: {exc}") from exc


def is_unified() -> bool:
    return (CGROUP_ROOT / "cgroup.controllers").is_file()


def enable_controllers(group: Path, wanted: Iterable[str]) -> None:
    available = set((group / "cgroup.controllers").read_text().split())
    for name in wanted:
        if name in available:
            _write(group / "cgroup.subtree_control", f"+{name}")
        else:
            log.warning("controller %s not available in %s", name, group)


def create_group(name: str, limits: Limits) -> Path:
    """Create ``memguard.slice/<name>`` and apply ``limits`` to it."""
    parent = CGROUP_ROOT / PARENT
    parent.mkdir(exist_ok=True)
    enable_controllers(CGROUP_ROOT, CONTROLLERS)
    enable_controllers(parent, CONTROLLERS)
    group = parent / name
    group.mkdir(exist_ok=True)
    for filename, value in limits.as_files().items():
        if (group / filename).exists():
            _write(group / filename, value)
    return group


def attach(group: Path, pid: int) -> None:
    _write(group / "cgroup.procs", str(pid))
    log.info("pid %d confined in %s", pid, group)


def destroy(group: Path) -> None:
    if (group / "cgroup.procs").read_text().strip():
        _write(group / "cgroup.kill", "1")
    group.rmdir()


def confine_current(name: str, limits: Optional[Limits] = None) -> Optional[Path]:
    if not is_unified():
        log.warning("cgroup v2 not mounted at %s; running unconfined", CGROUP_ROOT)
        return None
    group = create_group(name, limits or Limits())
    attach(group, os.getpid())
    return group


def pytest_configure_node(node) -> None:  # xdist hook
    """Confine each xdist worker as soon as it is configured."""
    worker = node.workerinput.get("workerid", f"pid{os.getpid()}") if hasattr(node, "workerinput") else "main"
    mem = os.environ.get("MEMGUARD_MEMORY_MAX", "4G")
    try:
        confine_current(f"worker-{worker}", Limits(memory_max=mem))
    except CgroupError as exc:
        log.error("memguard disabled: %s", exc)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    confine_current("manual-%d" % os.getpid())
