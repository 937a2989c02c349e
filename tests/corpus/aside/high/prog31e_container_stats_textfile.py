#!/usr/bin/env python3
"""Collect per-container CPU and memory usage and write a Prometheus textfile.

Talks to the Docker Engine API directly over its UNIX socket (no docker
SDK dependency).  Read-only: lists running containers and fetches one
stats sample for each.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("container_stats")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, socket_path=DOCKER_SOCK, version="v1.43"):
        self.socket_path = socket_path
        self.version = version

    def get(self, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request("GET", f"/{self.version}{path}")
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {path}: {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json")

    def stats(self, container_id):
        return self.get(f"/containers/{container_id}/stats?stream=false&one-shot=false")


def cpu_percent(stats):
    cpu = stats.get("cpu_stats", {})
    pre = stats.get("precpu_stats", {})
    cpu_delta = cpu.get("cpu_usage", {}).get("total_usage", 0) - pre.get("cpu_usage", {}).get("total_usage", 0)
    sys_delta = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    online = cpu.get("online_cpus") or len(cpu.get("cpu_usage", {}).get("percpu_usage", []) or [1])
    if cpu_delta <= 0 or sys_delta <= 0:
        return 0.0
    return round(cpu_delta / sys_delta * online * 100.0, 3)


def memory_usage(stats):
    mem = stats.get("memory_stats", {})
    usage = mem.get("usage", 0)
    cache = mem.get("stats", {}).get("inactive_file", 0)
    return max(usage - cache, 0), mem.get("limit", 0)


def label(value):
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def collect(api):
    lines = [
        "# HELP container_cpu_percent CPU usage percent over the sample window.",
        "# TYPE container_cpu_percent gauge",
        "# HELP container_memory_working_set_bytes Memory usage minus inactive file cache.",
        "# TYPE container_memory_working_set_bytes gauge",
    ]
    count = 0
    for ctr in api.containers():
        cid = ctr["Id"]
        name = (ctr.get("Names") or ["/" + cid[:12]])[0].lstrip("/")
        image = ctr.get("Image", "")
        try:
            st = api.stats(cid)
        except (RuntimeError, OSError) as exc:
            LOG.warning("stats for %s failed: %s", name, exc)
            continue
        used, limit = memory_usage(st)
        labels = f'{{name="{label(name)}",image="{label(image)}"}}'
        lines.append(f"container_cpu_percent{labels} {cpu_percent(st)}")
        lines.append(f"container_memory_working_set_bytes{labels} {used}")
        if limit:
            lines.append(f"container_memory_limit_bytes{labels} {limit}")
        count += 1
    lines.append(f"container_stats_collected {count}")
    lines.append(f"container_stats_last_run_timestamp {int(time.time())}")
    return "\n".join(lines) + "\n", count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--output", default="metrics/containers.prom")
    ap.add_argument("--interval", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    while True:
        try:
            text, n = collect(api)
            tmp = out.with_suffix(".tmp")
            tmp.write_text(text)
            tmp.replace(out)
            LOG.info("wrote stats for %d containers", n)
        except (OSError, RuntimeError, json.JSONDecodeError) as exc:
            LOG.error("collection failed: %s", exc)
            if args.interval == 0:
                return 1
        if args.interval == 0:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
