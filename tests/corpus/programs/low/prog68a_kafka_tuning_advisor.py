#!/usr/bin/env python3
"""Suggest socket buffer and fetch sizes for a Kafka consumer host.

Derives recommended values from the host's CPU count and memory and writes
a properties snippet for the consumer config plus a JSON report that the
infra team can review before changing anything on the host.

    python kafka_tuning_advisor.py --role consumer
"""
import argparse
import json
import logging
import os
import platform
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("kafka_advisor")


@dataclass
class Tuning:
    cores: int
    mem_gb: float
    rmem_max: int
    wmem_max: int
    nofile: int
    fetch_max_bytes: int
    num_consumer_threads: int


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def count_cores(path="/proc/cpuinfo"):
    try:
        with open(path) as fh:
            return sum(1 for line in fh if line.startswith("processor")) or 1
    except OSError:
        return os.cpu_count() or 1


def memory_gb():
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30


def recommend(role: str) -> Tuning:
    cores, mem = count_cores(), memory_gb()
    buf = 16 * 2**20 if mem >= 32 else 8 * 2**20
    return Tuning(
        cores=cores,
        mem_gb=round(mem, 1),
        rmem_max=buf,
        wmem_max=buf,
        nofile=200_000 if role == "broker" else 65_536,
        fetch_max_bytes=min(buf * 4, 64 * 2**20),
        num_consumer_threads=max(1, cores - 1),
    )


def write_properties(t: Tuning, target: Path):
    lines = [
        f"fetch.max.bytes={t.fetch_max_bytes}",
        f"max.partition.fetch.bytes={t.fetch_max_bytes // 4}",
        f"receive.buffer.bytes={t.rmem_max}",
        f"send.buffer.bytes={t.wmem_max}",
        f"# consumer threads suggested: {t.num_consumer_threads}",
    ]
    target.write_text("\n".join(lines) + "\n")
    os.chmod(target, 0o600)


def host_recommendations(t: Tuning, user: str) -> dict:
    """What the infra team should set on the host; not applied here."""
    return {
        "sysctl": {
            "net.core.rmem_max": t.rmem_max,
            "net.core.wmem_max": t.wmem_max,
            "net.core.rmem_default": t.rmem_max // 4,
        },
        "limits": {f"{user} soft nofile": t.nofile, f"{user} hard nofile": t.nofile},
    }


def write_report(t: Tuning, osr: dict, recs: dict, target: Path):
    report = {
        "host": platform.node(),
        "os": {"name": osr.get("NAME"), "version": osr.get("VERSION_ID")},
        "kernel": platform.release(),
        "tuning": asdict(t),
        "host_recommendations": recs,
    }
    target.write_text(json.dumps(report, indent=2))
    os.chmod(target, 0o600)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--role", choices=("consumer", "broker"), default="consumer")
    p.add_argument("--user", default=os.environ.get("KAFKA_USER", "kafka"))
    p.add_argument("--out", type=Path, default=Path("kafka-tuning.properties"))
    p.add_argument("--report", type=Path, default=Path("kafka-tuning-report.json"))
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    osr = read_os_release()
    log.info("host: %s %s, kernel %s", osr.get("NAME", "?"), osr.get("VERSION_ID", ""),
             platform.release())
    tuning = recommend(args.role)
    print(json.dumps(asdict(tuning), indent=2))
    try:
        write_properties(tuning, args.out)
        write_report(tuning, osr, host_recommendations(tuning, args.user), args.report)
    except OSError as exc:
        log.error("could not write output: %s", exc)
        return 1
    log.info("wrote %s and %s", args.out, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
