"""Post a container resource summary for this host to Slack.

Talks to the Docker Engine API directly over its unix socket (no docker
CLI in the slim image), computes CPU and memory use per container and posts
a table to the infrastructure channel.
"""
import argparse
import http.client
import json
import logging
import os
import socket

import requests

log = logging.getLogger("container-usage")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


def engine_get(path: str):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    try:
        conn.request("GET", path, headers={"Host": "docker"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"{path}: HTTP {resp.status}")
        return json.loads(resp.read())
    finally:
        conn.close()


def cpu_percent(stats: dict) -> float:
    cpu, pre = stats["cpu_stats"], stats["precpu_stats"]
    delta = cpu["cpu_usage"]["total_usage"] - pre["cpu_usage"]["total_usage"]
    system = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    ncpu = cpu.get("online_cpus") or 1
    return (delta / system) * ncpu * 100.0 if system > 0 else 0.0


def collect() -> list:
    rows = []
    for c in engine_get("/containers/json"):
        name = c["Names"][0].lstrip("/")
        stats = engine_get(f"/containers/{c['Id']}/stats?stream=false")
        mem = stats.get("memory_stats", {})
        rows.append({
            "name": name,
            "image": c["Image"].split("@")[0],
            "cpu": cpu_percent(stats),
            "mem_mb": mem.get("usage", 0) / 2**20,
            "limit_mb": mem.get("limit", 0) / 2**20,
        })
    return sorted(rows, key=lambda r: r["cpu"], reverse=True)


def format_table(rows: list, host: str) -> str:
    lines = [f"*Container usage on {host}*", "```", f"{'name':28} {'cpu%':>6} {'mem MB':>9}"]
    for r in rows:
        lines.append(f"{r['name'][:28]:28} {r['cpu']:6.1f} {r['mem_mb']:9.0f}")
    lines.append("```")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--channel", default="#infra-capacity")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        rows = collect()[: args.top]
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable: %s", exc)
        return 1
    text = format_table(rows, socket.gethostname())
    resp = requests.post("https://slack.com/api/chat.postMessage",
                         headers={"Authorization": f"Bearer {os.environ['SLACK_BOT_TOKEN']}"},
                         json={"channel": args.channel, "text": text}, timeout=15)
    body = resp.json()
    if not body.get("ok"):
        log.error("slack rejected message: %s", body.get("error"))
        return 1
    log.info("posted %d containers", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
