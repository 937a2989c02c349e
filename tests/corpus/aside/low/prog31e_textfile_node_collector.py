#!/usr/bin/env python3
"""Write host metrics in Prometheus text exposition format to a local file.

Intended to be picked up by node_exporter's textfile collector, which is
configured (separately) to read from ./metrics in the deployment directory.
The collector only reads a few world-readable files under /proc and
/etc/os-release and writes atomically into the working directory.
"""
import argparse
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("textfile_collector")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def cpu_count_from_cpuinfo(path="/proc/cpuinfo"):
    count = 0
    model = "unknown"
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("processor"):
                count += 1
            elif line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
    return count, model


def load_averages(path="/proc/loadavg"):
    with open(path, encoding="utf-8") as fh:
        parts = fh.read().split()
    return float(parts[0]), float(parts[1]), float(parts[2])


def meminfo(path="/proc/meminfo"):
    values = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            name, _, rest = line.partition(":")
            fields = rest.split()
            if fields:
                values[name] = int(fields[0]) * 1024
    return values


def escape_label(value):
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


class MetricWriter:
    def __init__(self):
        self.lines = []

    def gauge(self, name, help_text, value, labels=None):
        self.lines.append(f"# HELP {name} {help_text}")
        self.lines.append(f"# TYPE {name} gauge")
        label_str = ""
        if labels:
            inner = ",".join(f'{k}="{escape_label(v)}"' for k, v in sorted(labels.items()))
            label_str = "{" + inner + "}"
        self.lines.append(f"{name}{label_str} {value}")

    def render(self):
        return "\n".join(self.lines) + "\n"


def collect():
    writer = MetricWriter()
    osr = read_os_release()
    cpus, model = cpu_count_from_cpuinfo()
    l1, l5, l15 = load_averages()
    mem = meminfo()

    writer.gauge("host_os_info", "Operating system identity.", 1,
                 {"id": osr.get("ID", "unknown"), "version": osr.get("VERSION_ID", "")})
    writer.gauge("host_cpu_count", "Logical CPUs.", cpus, {"model": model})
    writer.gauge("host_load1", "1 minute load average.", l1)
    writer.gauge("host_load5", "5 minute load average.", l5)
    writer.gauge("host_load15", "15 minute load average.", l15)
    writer.gauge("host_memory_total_bytes", "Total memory.", mem.get("MemTotal", 0))
    writer.gauge("host_memory_available_bytes", "Available memory.", mem.get("MemAvailable", 0))
    writer.gauge("host_collector_last_run_timestamp", "Last successful run.", int(time.time()))
    return writer.render()


def write_atomically(directory, filename, payload):
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / filename
    tmp = directory / (filename + ".tmp")
    tmp.write_text(payload, encoding="utf-8")
    os.replace(tmp, target)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out-dir", default="metrics", help="relative output directory")
    parser.add_argument("--interval", type=int, default=0,
                        help="seconds between runs; 0 runs once")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out_dir)
    while True:
        try:
            path = write_atomically(out_dir, "node_basic.prom", collect())
            log.info("wrote %s", path)
        except (OSError, ValueError, IndexError) as exc:
            log.error("collection failed: %s", exc)
        if args.interval <= 0:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
