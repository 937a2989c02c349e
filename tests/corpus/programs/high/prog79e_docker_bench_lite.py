#!/usr/bin/env python3
"""Lightweight CIS Docker Benchmark (section 2 and 5) runner.

Talks to the Engine API directly rather than shelling out to the docker
CLI, so it works on hosts that only ship the daemon. Inspects the daemon
configuration and every running container and prints a findings table.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from urllib.parse import quote

log = logging.getLogger("docker-bench-lite")

DEFAULT_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
SENSITIVE_MOUNTS = ("/", "/boot", "/dev", "/etc", "/lib", "/proc", "/sys", "/usr",
                    "/var/run/docker.sock", "/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, address, api="v1.41"):
        if not address.startswith("unix://"):
            raise ValueError("only unix:// engine addresses are supported")
        self.path = address[len("unix://"):]
        self.api = api

    def get(self, endpoint):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", f"/{self.api}{endpoint}", headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status != 200:
            raise RuntimeError(f"GET {endpoint} -> {resp.status}: {body[:200]!r}")
        return json.loads(body)


class Findings(list):
    def add(self, cid, target, ok, note):
        self.append((cid, target, "PASS" if ok else "WARN", note))


def check_daemon(info, findings):
    findings.add("2.2", "daemon", info.get("LiveRestoreEnabled", False), "live-restore enabled")
    opts = " ".join(info.get("SecurityOptions", []))
    findings.add("2.9", "daemon", "name=userns" in opts, "user namespace remapping")
    findings.add("2.14", "daemon", "name=seccomp" in opts, "seccomp profile active")
    findings.add("2.x", "daemon", info.get("ServerVersion", "0") >= "20.10",
                 f"engine version {info.get('ServerVersion')}")


def check_container(engine, summary, findings):
    name = summary["Names"][0].lstrip("/")
    c = engine.get(f"/containers/{quote(summary['Id'])}/json")
    hc, cfg = c["HostConfig"], c["Config"]
    findings.add("5.4", name, not hc.get("Privileged"), "not privileged")
    findings.add("5.3", name, not hc.get("CapAdd"), f"cap_add={hc.get('CapAdd') or []}")
    findings.add("5.9", name, hc.get("NetworkMode") != "host", f"network={hc.get('NetworkMode')}")
    findings.add("5.15", name, hc.get("PidMode") != "host", f"pid={hc.get('PidMode') or 'private'}")
    findings.add("5.12", name, bool(hc.get("ReadonlyRootfs")), "read-only root filesystem")
    findings.add("4.1", name, cfg.get("User") not in ("", "0", "root"), f"user={cfg.get('User') or 'root'}")
    findings.add("5.10", name, bool(hc.get("Memory")), f"memory limit={hc.get('Memory')}")
    for m in c.get("Mounts", []):
        src = m.get("Source", "")
        bad = src in SENSITIVE_MOUNTS
        findings.add("5.5" if src != "/var/run/docker.sock" else "5.31", name, not bad,
                     f"mount {src} -> {m.get('Destination')} rw={m.get('RW')}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=DEFAULT_SOCKET)
    ap.add_argument("--json", action="store_true", help="emit JSON instead of a table")
    ap.add_argument("--all", action="store_true", help="include stopped containers")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        engine = Engine(args.host)
        info = engine.get("/info")
        containers = engine.get("/containers/json" + ("?all=1" if args.all else ""))
    except (OSError, ValueError, RuntimeError) as exc:
        log.error("cannot query docker engine at %s: %s", args.host, exc)
        return 2

    findings = Findings()
    check_daemon(info, findings)
    for summary in containers:
        try:
            check_container(engine, summary, findings)
        except (OSError, RuntimeError, KeyError) as exc:
            log.warning("skipping %s: %s", summary.get("Id", "?")[:12], exc)

    if args.json:
        print(json.dumps([dict(zip(("id", "target", "status", "note"), f)) for f in findings], indent=2))
    else:
        for cid, target, status, note in findings:
            print(f"[{status}] {cid:<5} {target:<24} {note}")
    warns = sum(1 for f in findings if f[2] == "WARN")
    log.info("%d checks, %d warnings across %d containers", len(findings), warns, len(containers))
    return 1 if warns else 0


if __name__ == "__main__":
    sys.exit(main())
