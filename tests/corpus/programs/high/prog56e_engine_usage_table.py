#!/usr/bin/env python3
"""Print CPU/memory usage of running containers on a CI runner.

Speaks the Engine HTTP API directly over the daemon's UNIX socket, so it works
on minimal runner images without the docker CLI or SDK. Output goes to the
terminal and optionally to a CSV in the working directory.
"""
import argparse
import csv
import http.client
import json
import socket
import sys
from urllib.parse import quote

DEFAULT_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self, label=None):
        path = "/v1.43/containers/json"
        if label:
            flt = json.dumps({"label": [label]})
            path += "?filters=" + quote(flt)
        return self.get(path)

    def stats(self, cid):
        return self.get(f"/v1.43/containers/{cid}/stats?stream=false&one-shot=true")


def cpu_percent(st):
    cpu = st["cpu_stats"]
    pre = st.get("precpu_stats", {})
    cpu_delta = cpu["cpu_usage"]["total_usage"] - pre.get("cpu_usage", {}).get("total_usage", 0)
    sys_delta = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    ncpu = cpu.get("online_cpus") or 1
    return (cpu_delta / sys_delta) * ncpu * 100.0 if sys_delta > 0 else 0.0


def mem_mib(st):
    usage = st.get("memory_stats", {}).get("usage", 0)
    return usage / (1024 * 1024)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--label", help="only containers with this label, e.g. com.gitlab.gitlab-runner.job.id")
    ap.add_argument("--csv", help="also write rows to this CSV file")
    args = ap.parse_args()

    engine = Engine(args.socket)
    try:
        rows = []
        for c in engine.containers(args.label):
            st = engine.stats(c["Id"])
            rows.append((c["Names"][0].lstrip("/"), c["Image"],
                         round(cpu_percent(st), 1), round(mem_mib(st), 1)))
    except (OSError, RuntimeError) as exc:
        print(f"engine query failed: {exc}", file=sys.stderr)
        return 1

    rows.sort(key=lambda r: r[2], reverse=True)
    print(f"{'NAME':30} {'IMAGE':40} {'CPU%':>6} {'MEM MiB':>8}")
    for name, image, cpu, mem in rows:
        print(f"{name[:30]:30} {image[:40]:40} {cpu:6.1f} {mem:8.1f}")
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["name", "image", "cpu_percent", "mem_mib"])
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
