#!/usr/bin/env python3
"""Report risky runtime settings of running containers: privileged mode,
host networking/PID, added capabilities and sensitive bind mounts.

Talks to the Docker Engine API directly over its UNIX socket so it works on
hosts without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("container-posture")
DEFAULT_SOCK = "/var/run/docker.sock"
SENSITIVE_MOUNTS = ("/", "/etc", "/root", "/var/run/docker.sock", "/proc", "/sys")
RISKY_CAPS = {"SYS_ADMIN", "NET_ADMIN", "SYS_PTRACE", "SYS_MODULE", "DAC_READ_SEARCH"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def get(self, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path, headers={"Accept": "application/json"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()


def assess(detail: dict):
    hc = detail.get("HostConfig", {})
    issues = []
    if hc.get("Privileged"):
        issues.append("privileged")
    if hc.get("NetworkMode") == "host":
        issues.append("host network")
    if hc.get("PidMode") == "host":
        issues.append("host pid namespace")
    caps = set(hc.get("CapAdd") or []) & RISKY_CAPS
    if caps:
        issues.append("caps " + ",".join(sorted(caps)))
    for m in detail.get("Mounts", []):
        if m.get("Type") == "bind" and m.get("Source") in SENSITIVE_MOUNTS:
            mode = "rw" if m.get("RW") else "ro"
            issues.append(f"bind {m['Source']} ({mode})")
    return issues


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        containers = engine.get("/v1.43/containers/json")
    except (OSError, RuntimeError) as exc:
        log.error("engine unreachable via %s: %s", args.socket, exc)
        return 2

    report = {}
    for c in containers:
        name = (c.get("Names") or [c["Id"][:12]])[0].lstrip("/")
        detail = engine.get(f"/v1.43/containers/{c['Id']}/json")
        report[name] = assess(detail)

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for name, issues in sorted(report.items()):
            flag = "!!" if issues else "ok"
            print(f"{flag} {name:<30} {'; '.join(issues)}")
    return 1 if any(report.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
