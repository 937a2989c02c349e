#!/usr/bin/env python3
"""Size and tune a bonded-stock ledger database host.

The ledger runs on PostgreSQL on whatever box the warehouse has spare, from
a 4 GB mini PC in a small bonded store up to a rack server at the hub.  This
tool looks at the machine (memory, cores, distribution) and produces the
PostgreSQL settings and kernel parameters we recommend for it, writes a
config fragment and a JSON report for the site's install ticket, and applies
the kernel side so the box is ready before the ledger is restored onto it.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("ledger_tuning")

MB = 1024 * 1024
SYSCTL_DROPIN = Path("/etc/sysctl.d/60-bonded-ledger.conf")
PROC_SYS = Path("/proc/sys")
THP_KNOBS = (Path("/sys/kernel/mm/transparent_hugepage/enabled"),
             Path("/sys/kernel/mm/transparent_hugepage/defrag"))


def read_meminfo(path="/proc/meminfo"):
    info = {}
    with open(path) as fh:
        for line in fh:
            key, _, rest = line.partition(":")
            parts = rest.split()
            if parts:
                info[key] = int(parts[0]) * (1024 if len(parts) > 1 and parts[1] == "kB" else 1)
    return info


def read_cpu(path="/proc/cpuinfo"):
    model, cores = "unknown", 0
    with open(path) as fh:
        for line in fh:
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                cores += 1
    return model, cores or (os.cpu_count() or 1)


def read_os_release(path="/etc/os-release"):
    data = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    data[k] = v.strip('"')
    except OSError:
        pass
    return data.get("PRETTY_NAME", "unknown")


def recommend(mem_total, cores, max_conn):
    mem_mb = mem_total // MB
    shared = max(128, min(mem_mb // 4, 16384))
    pg = {
        "shared_buffers": f"{shared}MB",
        "effective_cache_size": f"{max(256, mem_mb * 3 // 4)}MB",
        "maintenance_work_mem": f"{max(64, min(mem_mb // 16, 2048))}MB",
        "work_mem": f"{max(4, (mem_mb - shared) // (max_conn * 3))}MB",
        "max_connections": str(max_conn),
        "max_worker_processes": str(max(2, cores)),
        "max_parallel_workers": str(max(2, cores)),
        "max_parallel_workers_per_gather": str(max(1, cores // 2)),
        "wal_buffers": "16MB",
        "random_page_cost": "1.1",
    }
    kernel = {
        "vm.swappiness": 10 if mem_mb >= 8192 else 30,
        "vm.dirty_background_ratio": 5,
        "vm.dirty_ratio": 15,
        "vm.overcommit_memory": 2,
        "vm.overcommit_ratio": 90,
        "kernel.shmmax": mem_total // 2,
        "kernel.shmall": (mem_total // 2) // 4096,
    }
    thp = "never"
    return pg, kernel, thp


def render_conf(pg, kernel, thp, host_desc):
    lines = [f"# bonded ledger sizing for {host_desc}", "", "## postgresql.conf"]
    lines += [f"{k} = {v}" for k, v in pg.items()]
    lines += ["", "## kernel (sysctl)"]
    lines += [f"{k} = {v}" for k, v in kernel.items()]
    lines += ["", "## transparent hugepages", f"transparent_hugepage = {thp}", ""]
    return "\n".join(lines)


class KernelTuner:
    """Persists sysctl values in a drop-in and applies them to the running kernel."""

    def __init__(self, dropin=SYSCTL_DROPIN, proc_root=PROC_SYS):
        self.dropin = dropin
        self.proc_root = proc_root

    def persist(self, kernel, host_desc):
        text = [f"# managed by ledger_host_tuning for {host_desc}"]
        text += [f"{k} = {v}" for k, v in kernel.items()]
        self.dropin.write_text("\n".join(text) + "\n")
        os.chmod(self.dropin, 0o644)
        log.info("persisted %d keys to %s", len(kernel), self.dropin)

    def apply(self, kernel):
        changed = 0
        for key, value in kernel.items():
            node = self.proc_root / key.replace(".", "/")
            try:
                current = node.read_text().strip()
                if current != str(value):
                    node.write_text(f"{value}\n")
                    changed += 1
                    log.info("  %-28s %s -> %s", key, current, value)
            except OSError as exc:
                log.warning("  %-28s not applied: %s", key, exc)
        return changed

    @staticmethod
    def set_thp(mode):
        for knob in THP_KNOBS:
            try:
                knob.write_text(mode)
            except OSError as exc:
                log.warning("cannot set %s: %s", knob, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-connections", type=int, default=60,
                    help="ledger app pool size plus reporting clients")
    ap.add_argument("--out", default="ledger-host-sizing.conf")
    ap.add_argument("--report", default="ledger-host-sizing.json")
    ap.add_argument("--no-apply", dest="apply", action="store_false",
                    help="only write the report, do not touch the kernel")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        mem = read_meminfo()
        model, cores = read_cpu()
    except OSError as exc:
        log.error("cannot inspect host: %s", exc)
        return 2
    distro = read_os_release()
    mem_total = mem.get("MemTotal", 0)
    if mem_total < 2 * 1024 * MB:
        log.warning("only %d MB RAM; the ledger will run but month-end reports will be slow",
                    mem_total // MB)

    pg, kernel, thp = recommend(mem_total, cores, args.max_connections)
    desc = f"{distro}, {cores} x {model}, {mem_total // MB} MB"
    Path(args.out).write_text(render_conf(pg, kernel, thp, desc))
    Path(args.report).write_text(json.dumps({
        "host": desc, "postgresql": pg,
        "kernel": {k: str(v) for k, v in kernel.items()},
        "transparent_hugepage": thp,
    }, indent=2))
    log.info("wrote %s and %s for %s", args.out, args.report, desc)
    if not args.apply:
        return 0
    tuner = KernelTuner()
    try:
        tuner.persist(kernel, desc)
    except PermissionError:
        log.error("need root to write %s; rerun with sudo or use --no-apply", SYSCTL_DROPIN)
        return 1
    changed = tuner.apply(kernel)
    tuner.set_thp(thp)
    log.info("%d kernel parameters changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
