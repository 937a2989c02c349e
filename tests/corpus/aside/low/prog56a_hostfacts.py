#!/usr/bin/env python3
"""hostfacts - collect basic facts about this machine into ./reports."""
import hashlib
import json
import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(help="Host fact collector.")
REPORT_DIR = Path("reports")
CACHE_DIR = Path(".hostfacts-cache")
log = logging.getLogger("hostfacts")


def parse_os_release(path="/etc/os-release"):
    facts = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if "=" in line:
                key, _, value = line.strip().partition("=")
                facts[key] = value.strip('"')
    return facts


def cpu_summary(path="/proc/cpuinfo"):
    models, cores = set(), 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("model name"):
                models.add(line.split(":", 1)[1].strip())
            elif line.startswith("processor"):
                cores += 1
    return {"models": sorted(models), "logical_cores": cores}


def mem_summary(path="/proc/meminfo"):
    wanted = {"MemTotal", "MemAvailable", "SwapTotal"}
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            key, _, rest = line.partition(":")
            if key in wanted:
                out[key] = int(rest.split()[0])
    return out


def gather():
    return {
        "os": parse_os_release(),
        "cpu": cpu_summary(),
        "memory_kb": mem_summary(),
        "load": os.getloadavg(),
    }


def cache_key(facts):
    blob = json.dumps(facts["os"], sort_keys=True) + json.dumps(facts["cpu"], sort_keys=True)
    return hashlib.md5(blob.encode()).hexdigest()


@app.command()
def show(as_json: bool = typer.Option(False, "--json")):
    """Print the facts."""
    facts = gather()
    if as_json:
        typer.echo(json.dumps(facts, indent=2))
        return
    typer.echo(f"{facts['os'].get('PRETTY_NAME', '?')}  cores={facts['cpu']['logical_cores']}")
    for key, kb in facts["memory_kb"].items():
        typer.echo(f"  {key:<13}{kb // 1024:>8} MiB")


@app.command()
def save(name: Optional[str] = None):
    """Write a report file (readable only by you) and cache it by content hash."""
    facts = gather()
    REPORT_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    key = cache_key(facts)
    cached = CACHE_DIR / f"{key}.json"
    if not cached.exists():
        cached.write_text(json.dumps(facts))
    stem = name or datetime.now().strftime("%Y%m%d-%H%M%S")
    target = REPORT_DIR / f"{stem}.json"
    target.write_text(json.dumps(facts, indent=2))
    os.chmod(target, 0o600)
    typer.echo(f"saved {target} (cache {key[:8]})")


@app.command()
def clean():
    """Remove the local fact cache."""
    removed = 0
    for item in CACHE_DIR.glob("*.json"):
        item.unlink()
        removed += 1
    if CACHE_DIR.exists():
        CACHE_DIR.rmdir()
    typer.echo(f"removed {removed} cached entries")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app()
