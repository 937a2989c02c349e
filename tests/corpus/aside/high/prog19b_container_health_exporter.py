#!/usr/bin/env python3
"""Print container health and restart counts as Prometheus text format.

Avoids the docker SDK dependency by speaking HTTP to the engine API directly
over its AF_UNIX socket with http.client.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("health-exporter")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that connects to a unix domain socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, socket_path, api_version="v1.43"):
        self.socket_path = socket_path
        self.prefix = f"/{api_version}"

    def get_json(self, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request("GET", self.prefix + path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get_json("/containers/json?all=1")

    def inspect(self, container_id):
        return self.get_json(f"/containers/{container_id}/json")


def metric_lines(client):
    yield "# TYPE container_restart_count gauge"
    yield "# TYPE container_healthy gauge"
    for summary in client.containers():
        name = summary["Names"][0].lstrip("/")
        try:
            details = client.inspect(summary["Id"])
        except RuntimeError as exc:
            log.warning("skip %s: %s", name, exc)
            continue
        restarts = details.get("RestartCount", 0)
        health = details["State"].get("Health", {}).get("Status", "none")
        yield f'container_restart_count{{name="{name}"}} {restarts}'
        yield f'container_healthy{{name="{name}",status="{health}"}} {int(health == "healthy")}'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default="/var/run/docker.sock")
    parser.add_argument("--output", help="write to file instead of stdout")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    client = EngineClient(args.socket)
    try:
        lines = list(metric_lines(client))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("failed to query engine at %s: %s", args.socket, exc)
        return 1

    text = "\n".join(lines) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
