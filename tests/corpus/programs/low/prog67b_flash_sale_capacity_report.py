#!/usr/bin/env python3
"""Pre-flight capacity report for a flash sale on a storefront app node.

Collects CPU, memory and network-stack facts about the host, compares them
with the expected peak (orders per minute and concurrent sessions from the
campaign file) and writes a JSON report plus a short text summary that the
on-call engineer attaches to the sale's change ticket.
"""
import argparse
import json
import logging
import os
import platform
import sys
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("capacity")

SYSCTL_KEYS = {
    "net.core.somaxconn": 4096,
    "net.ipv4.tcp_max_syn_backlog": 8192,
    "net.ipv4.ip_local_port_range": "10240 65000",
    "net.ipv4.tcp_fin_timeout": 15,
    "fs.file-max": 2097152,
}


@dataclass
class HostFacts:
    hostname: str
    distro: str
    cpu_model: str
    cpu_count: int
    mem_total_mb: int
    sysctl: dict = field(default_factory=dict)


def read_os_release() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def read_cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def read_meminfo_mb() -> int:
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return 0


def sysctl_path(key: str) -> Path:
    return Path("/proc/sys") / key.replace(".", "/")


def read_sysctls() -> dict:
    values = {}
    for key in SYSCTL_KEYS:
        try:
            values[key] = " ".join(sysctl_path(key).read_text().split())
        except OSError as exc:
            log.debug("cannot read %s: %s", key, exc)
            values[key] = None
    return values


def collect() -> HostFacts:
    return HostFacts(
        hostname=platform.node(),
        distro=read_os_release(),
        cpu_model=read_cpu_model(),
        cpu_count=os.cpu_count() or 1,
        mem_total_mb=read_meminfo_mb(),
        sysctl=read_sysctls(),
    )


def assess(facts: HostFacts, campaign: dict) -> list:
    findings = []
    peak_sessions = campaign.get("peak_sessions", 5000)
    workers = facts.cpu_count * campaign.get("workers_per_core", 2)
    per_worker = peak_sessions / max(workers, 1)
    if per_worker > campaign.get("max_sessions_per_worker", 400):
        findings.append(f"{per_worker:.0f} sessions/worker exceeds target; add nodes")
    if facts.mem_total_mb < workers * campaign.get("mb_per_worker", 350):
        findings.append("not enough memory for the planned worker count")
    for key, wanted in SYSCTL_KEYS.items():
        have = facts.sysctl.get(key)
        if have is None:
            continue
        if isinstance(wanted, int) and int(have.split()[0]) < wanted:
            findings.append(f"{key} is {have}, recommend >= {wanted}")
        elif isinstance(wanted, str) and have != wanted:
            findings.append(f"{key} is '{have}', recommend '{wanted}'")
    return findings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campaign", default="campaign.json")
    ap.add_argument("--out", default="capacity_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    campaign = {}
    if Path(args.campaign).exists():
        campaign = json.loads(Path(args.campaign).read_text())
    else:
        log.warning("%s not found, using default peak figures", args.campaign)

    facts = collect()
    findings = assess(facts, campaign)
    report = {
        "generated_at": datetime.now(timezone.utc).isoformat(),
        "campaign": campaign.get("name", "unnamed"),
        "host": asdict(facts),
        "findings": findings,
        "status": "attention" if findings else "ok",
    }
    Path(args.out).write_text(json.dumps(report, indent=2))
    log.info("wrote %s (%d findings)", args.out, len(findings))
    for item in findings:
        print(" -", item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
