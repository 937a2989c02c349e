#!/usr/bin/env python3
"""Incident triage for container hosts: enumerate running containers, flag
risky settings (privileged, host network, sensitive mounts) and save a report.

Talks to the Docker Engine API directly so it works on hosts without the CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from datetime import datetime, timezone

logger = logging.getLogger("ctriage")
SENSITIVE_MOUNTS = ("/", "/etc", "/root", "/var/run/docker.sock", "/proc", "/sys")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class EngineClient:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def get(self, path: str):
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


def assess(detail: dict) -> list:
    flags = []
    host_cfg = detail.get("HostConfig", {})
    if host_cfg.get("Privileged"):
        flags.append("privileged")
    if host_cfg.get("NetworkMode") == "host":
        flags.append("host-network")
    if host_cfg.get("PidMode") == "host":
        flags.append("host-pid")
    for cap in host_cfg.get("CapAdd") or []:
        flags.append(f"cap:{cap}")
    for m in detail.get("Mounts", []):
        if m.get("Source") in SENSITIVE_MOUNTS:
            flags.append(f"mount:{m['Source']}{'(rw)' if m.get('RW') else ''}")
    return flags


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("-o", "--output", default="container_triage.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(args.socket)
    try:
        version = client.get("/version")
        containers = client.get("/containers/json?all=1")
    except (OSError, RuntimeError) as exc:
        logger.error("engine unreachable: %s", exc)
        return 1
    report = {"collected": datetime.now(timezone.utc).isoformat(),
              "engine": version.get("Version"), "containers": []}
    for c in containers:
        detail = client.get(f"/containers/{c['Id']}/json")
        flags = assess(detail)
        report["containers"].append({"id": c["Id"][:12], "image": c.get("Image"),
                                     "state": c.get("State"), "flags": flags})
        if flags:
            logger.warning("%s (%s): %s", c["Id"][:12], c.get("Image"), ", ".join(flags))
    with open(args.output, "w") as fh:
        json.dump(report, fh, indent=2)
    logger.info("%d containers assessed, report at %s", len(containers), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
