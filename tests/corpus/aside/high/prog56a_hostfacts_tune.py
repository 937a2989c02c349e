#!/usr/bin/env python3
"""hostfacts - collect facts about this machine and apply workload tuning profiles."""
import json
import logging
import os
from pathlib import Path

import typer

app = typer.Typer(help="Host fact collector and tuner.")
REPORT_DIR = Path("reports")
PROC_SYS = Path("/proc/sys")
log = logging.getLogger("hostfacts")

PROFILES = {
    "database": {"vm/swappiness": "1", "vm/dirty_ratio": "15",
                 "vm/dirty_background_ratio": "3", "kernel/numa_balancing": "0"},
    "latency": {"vm/swappiness": "10", "net/core/somaxconn": "4096",
                "net/ipv4/tcp_fin_timeout": "15"},
    "desktop": {"vm/swappiness": "60", "vm/vfs_cache_pressure": "100"},
}


def parse_os_release(path="/etc/os-release"):
    facts = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if "=" in line:
                key, _, value = line.strip().partition("=")
                facts[key] = value.strip('"')
    return facts


def cpu_cores(path="/proc/cpuinfo"):
    with open(path, encoding="utf-8") as fh:
        return sum(1 for line in fh if line.startswith("processor"))


def read_knob(rel):
    try:
        return (PROC_SYS / rel).read_text().strip()
    except OSError:
        return None


@app.command()
def show():
    """Print OS, core count and current values of tunable knobs."""
    typer.echo(f"{parse_os_release().get('PRETTY_NAME', '?')}  cores={cpu_cores()}")
    knobs = sorted({k for prof in PROFILES.values() for k in prof})
    for knob in knobs:
        typer.echo(f"  {knob:<30} {read_knob(knob)}")


@app.command()
def save(name: str = "latest"):
    """Write a fact report to ./reports."""
    REPORT_DIR.mkdir(exist_ok=True)
    target = REPORT_DIR / f"{name}.json"
    data = {"os": parse_os_release(), "cores": cpu_cores(),
            "knobs": {k: read_knob(k) for p in PROFILES.values() for k in p}}
    target.write_text(json.dumps(data, indent=2))
    os.chmod(target, 0o600)
    typer.echo(f"saved {target}")


@app.command()
def tune(profile: str = typer.Argument("database"),
         dry_run: bool = typer.Option(False, "--dry-run")):
    """Apply a tuning profile by writing the kernel knobs directly."""
    if profile not in PROFILES:
        raise typer.BadParameter(f"choose one of {', '.join(PROFILES)}")
    backup = {}
    for rel, value in PROFILES[profile].items():
        current = read_knob(rel)
        backup[rel] = current
        if current == value:
            continue
        typer.echo(f"{rel}: {current} -> {value}")
        if dry_run:
            continue
        try:
            with open(PROC_SYS / rel, "w") as knob:
                knob.write(value + "\n")
        except PermissionError:
            log.error("need root to write %s", PROC_SYS / rel)
            raise typer.Exit(1)
    Path(f"tune-backup-{profile}.json").write_text(json.dumps(backup, indent=2))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app()
