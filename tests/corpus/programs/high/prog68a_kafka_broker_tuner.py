#!/usr/bin/env python3
"""Size socket buffers and file limits for a Kafka consumer/broker host.

Derives recommended values from the host's CPU count and memory, writes a
properties snippet for the consumer config, and applies the kernel and
limits settings so the consumers can actually use large fetch sizes.

    python kafka_broker_tuner.py --role consumer --apply
"""
import argparse
import json
import logging
import os
import platform
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("kafka_tuner")

LIMITS_FILE = Path("/etc/security/limits.d/90-kafka.conf")
PROC_SYS = Path("/proc/sys")


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


def _set_sysctl(name: str, value: int):
    node = PROC_SYS.joinpath(*name.split("."))
    current = int(node.read_text().split()[0])
    if current >= value:
        log.info("%s already %d", name, current)
        return
    node.write_text(f"{value}\n")
    log.info("%s %d -> %d", name, current, value)


def apply_host_settings(t: Tuning, user: str):
    for name, value in (("net.core.rmem_max", t.rmem_max),
                        ("net.core.wmem_max", t.wmem_max),
                        ("net.core.rmem_default", t.rmem_max // 4)):
        _set_sysctl(name, value)
    LIMITS_FILE.write_text(
        f"# managed by kafka_broker_tuner\n"
        f"{user} soft nofile {t.nofile}\n"
        f"{user} hard nofile {t.nofile}\n"
    )
    os.chmod(LIMITS_FILE, 0o644)
    log.info("wrote %s", LIMITS_FILE)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--role", choices=("consumer", "broker"), default="consumer")
    p.add_argument("--user", default=os.environ.get("KAFKA_USER", "kafka"))
    p.add_argument("--out", type=Path, default=Path("kafka-tuning.properties"))
    p.add_argument("--apply", action="store_true", default=True)
    p.add_argument("--plan-only", dest="apply", action="store_false")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    osr = read_os_release()
    log.info("host: %s %s, kernel %s", osr.get("NAME", "?"), osr.get("VERSION_ID", ""),
             platform.release())
    tuning = recommend(args.role)
    print(json.dumps(asdict(tuning), indent=2))
    write_properties(tuning, args.out)

    if args.apply:
        try:
            apply_host_settings(tuning, args.user)
        except PermissionError as exc:
            log.error("insufficient permissions to apply host settings: %s", exc)
            return 1
        except (OSError, ValueError) as exc:
            log.error("failed to apply host settings: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
