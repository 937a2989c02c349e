#!/usr/bin/env python3
"""Collects per-container state straight from the Docker Engine API and
writes a textfile-collector .prom file in the current directory."""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

LOG = logging.getLogger("ctr-stats")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a unix domain socket."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class EngineClient:
    def __init__(self, sock_path="/var/run/docker.sock", api="v1.43"):
        self.sock_path, self.api = sock_path, api

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", f"/{self.api}{path}")
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json?all=1")

    def stats(self, cid):
        return self.get(f"/containers/{cid}/stats?stream=false&one-shot=true")


def to_metrics(client):
    lines = ["# TYPE container_running gauge", "# TYPE container_memory_usage_bytes gauge"]
    for ctr in client.containers():
        name = ctr["Names"][0].lstrip("/")
        running = 1 if ctr["State"] == "running" else 0
        lines.append(f'container_running{{name="{name}",image="{ctr["Image"]}"}} {running}')
        if not running:
            continue
        try:
            st = client.stats(ctr["Id"])
        except (RuntimeError, OSError) as exc:
            LOG.warning("stats for %s failed: %s", name, exc)
            continue
        mem = st.get("memory_stats", {}).get("usage", 0)
        lines.append(f'container_memory_usage_bytes{{name="{name}"}} {mem}')
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--out", default="containers.prom")
    ap.add_argument("--every", type=int, default=0, help="loop interval, 0 = once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = EngineClient(args.socket)
    out = Path(args.out)
    while True:
        try:
            text = to_metrics(client)
            out.write_text(text)
            LOG.info("updated %s", out)
        except (OSError, RuntimeError) as exc:
            LOG.error("collection failed: %s", exc)
        if not args.every:
            break
        time.sleep(args.every)


if __name__ == "__main__":
    main()
