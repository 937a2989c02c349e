#!/usr/bin/env python3
"""Sample host metrics with psutil and push them to a local statsd agent.

Also writes a rolling JSON snapshot into ./metrics/ so a dashboard can
pick up the latest values without talking to statsd.
"""
import argparse
import json
import logging
import platform
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

logger = logging.getLogger("hostmetrics")


def read_os_release(path: str = "/etc/os-release") -> dict:
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except FileNotFoundError:
        pass
    return info


def cpu_model(path: str = "/proc/cpuinfo") -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


@dataclass
class StatsdSink:
    host: str = "127.0.0.1"
    port: int = 8125
    prefix: str = "host"
    _sock: socket.socket = field(default=None, repr=False)

    def __post_init__(self):
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def gauge(self, name: str, value: float) -> None:
        line = f"{self.prefix}.{name}:{value:.3f}|g".encode("ascii")
        try:
            self._sock.sendto(line, (self.host, self.port))
        except OSError as exc:
            logger.debug("statsd send failed: %s", exc)

    def close(self) -> None:
        self._sock.close()


def sample() -> dict:
    vm = psutil.virtual_memory()
    du = psutil.disk_usage(".")
    load1, load5, load15 = psutil.getloadavg()
    net = psutil.net_io_counters()
    top = []
    for proc in psutil.process_iter(["pid", "name", "cpu_percent", "memory_percent"]):
        try:
            top.append(proc.info)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    top.sort(key=lambda p: p.get("cpu_percent") or 0.0, reverse=True)
    return {
        "ts": time.time(),
        "cpu_percent": psutil.cpu_percent(interval=0.5),
        "mem_percent": vm.percent,
        "disk_percent": du.percent,
        "load1": load1,
        "load5": load5,
        "load15": load15,
        "net_bytes_sent": net.bytes_sent,
        "net_bytes_recv": net.bytes_recv,
        "top": top[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--interval", type=float, default=10.0)
    parser.add_argument("--count", type=int, default=0, help="0 = run forever")
    parser.add_argument("--statsd-port", type=int, default=8125)
    parser.add_argument("--outdir", default="metrics")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)

    hostinfo = {
        "hostname": socket.gethostname(),
        "os": read_os_release().get("PRETTY_NAME", platform.platform()),
        "cpu": cpu_model(),
        "cores": psutil.cpu_count(logical=True),
    }
    (outdir / "host.json").write_text(json.dumps(hostinfo, indent=2))
    logger.info("sampling %s (%s)", hostinfo["hostname"], hostinfo["os"])

    sink = StatsdSink(port=args.statsd_port, prefix="host." + hostinfo["hostname"].replace(".", "_"))
    n = 0
    try:
        while args.count == 0 or n < args.count:
            snap = sample()
            for key in ("cpu_percent", "mem_percent", "disk_percent", "load1"):
                sink.gauge(key, snap[key])
            (outdir / "latest.json").write_text(json.dumps(snap, indent=2))
            n += 1
            time.sleep(args.interval)
    except KeyboardInterrupt:
        logger.info("stopped after %d samples", n)
    finally:
        sink.close()


if __name__ == "__main__":
    main()
