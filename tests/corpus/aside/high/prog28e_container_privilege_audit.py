#!/usr/bin/env python3
"""Audit running containers for dangerous runtime settings.

Talks to the Docker Engine API on its local UNIX socket (no docker CLI or
SDK needed), inspects every running container and flags privileged mode,
host namespaces, sensitive bind mounts, added capabilities and disabled
security profiles. Output is a table or JSON on stdout.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.41"
log = logging.getLogger("ctr-audit")

SENSITIVE_MOUNTS = ("/", "/etc", "/root", "/var/run/docker.sock", "/proc", "/sys", "/dev", "/boot")
RISKY_CAPS = {"SYS_ADMIN", "SYS_PTRACE", "SYS_MODULE", "NET_ADMIN", "DAC_READ_SEARCH", "ALL"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class EngineClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", f"/{API_VERSION}{path}", headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json")

    def inspect(self, cid):
        return self.get(f"/containers/{cid}/json")


def assess(info):
    hc = info.get("HostConfig", {})
    issues = []
    if hc.get("Privileged"):
        issues.append(("critical", "runs privileged"))
    for ns in ("NetworkMode", "PidMode", "IpcMode", "UTSMode"):
        if hc.get(ns) == "host":
            issues.append(("high", f"{ns}=host"))
    for cap in hc.get("CapAdd") or []:
        if cap.upper().replace("CAP_", "") in RISKY_CAPS:
            issues.append(("high", f"cap_add {cap}"))
    for opt in hc.get("SecurityOpt") or []:
        if "unconfined" in opt or "label=disable" in opt or "label:disable" in opt:
            issues.append(("high", f"security_opt {opt}"))
    for m in info.get("Mounts", []):
        src = m.get("Source", "")
        if src in SENSITIVE_MOUNTS or any(src.startswith(p + "/") for p in ("/etc", "/root")):
            sev = "critical" if src in ("/", "/var/run/docker.sock") else "high"
            mode = "rw" if m.get("RW") else "ro"
            issues.append((sev, f"mounts {src} ({mode})"))
    user = info.get("Config", {}).get("User") or "root"
    if user in ("", "root", "0"):
        issues.append(("medium", "runs as root"))
    if not hc.get("ReadonlyRootfs"):
        issues.append(("low", "writable root filesystem"))
    return issues


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--min-severity", choices=["low", "medium", "high", "critical"], default="medium")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    order = ["low", "medium", "high", "critical"]
    threshold = order.index(args.min_severity)
    client = EngineClient(args.socket)
    try:
        running = client.containers()
    except (FileNotFoundError, PermissionError, ConnectionError) as exc:
        log.error("cannot talk to %s: %s", args.socket, exc)
        return 2

    report = []
    for c in running:
        try:
            info = client.inspect(c["Id"])
        except RuntimeError as exc:
            log.warning("inspect failed: %s", exc)
            continue
        found = [(s, d) for s, d in assess(info) if order.index(s) >= threshold]
        report.append({
            "id": c["Id"][:12],
            "name": info.get("Name", "").lstrip("/"),
            "image": c.get("Image"),
            "issues": [{"severity": s, "detail": d} for s, d in found],
        })

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for r in report:
            print(f"{r['id']}  {r['name']:<28} {r['image']}")
            for i in r["issues"]:
                print(f"    [{i['severity']:>8}] {i['detail']}")
    worst = max((order.index(i["severity"]) for r in report for i in r["issues"]), default=-1)
    return 1 if worst >= order.index("high") else 0


if __name__ == "__main__":
    sys.exit(main())
