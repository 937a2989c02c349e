#!/usr/bin/env python3
"""Start a throwaway profiling container next to a running service.

Talks to the Docker Engine API directly over /var/run/docker.sock (no
docker CLI needed). The container spec is assembled from a tool table and
runs privileged so perf/bpftrace can read kernel events.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"

TOOLS = {
    "perf": {"image": "quay.io/iovisor/perf:latest",
             "cmd": ["perf", "top", "-p", "{pid}"]},
    "bpftrace": {"image": "quay.io/iovisor/bpftrace:latest",
                 "cmd": ["bpftrace", "-e", "profile:hz:99 /pid == {pid}/ { @[ustack] = count(); }"]},
    "strace": {"image": "ghcr.io/nicolaka/netshoot:latest",
               "cmd": ["strace", "-f", "-p", "{pid}"]},
}

log = logging.getLogger("perf-launch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


def api(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, API + path, body=payload,
                 headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def build_spec(tool, pid, label):
    entry = TOOLS[tool]
    cmd = [part.format(pid=pid) for part in entry["cmd"]]
    return {
        "Image": entry["image"],
        "Cmd": cmd,
        "Tty": True,
        "Labels": {"purpose": "profiling", "target": label},
        "HostConfig": {
            "Privileged": True,
            "PidMode": "host",
            "AutoRemove": True,
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tool", choices=sorted(TOOLS))
    ap.add_argument("pid", type=int)
    ap.add_argument("--label", default="adhoc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    spec = build_spec(args.tool, args.pid, args.label)
    image, _, tag = spec["Image"].rpartition(":")
    try:
        api("POST", f"/images/create?fromImage={image}&tag={tag}")
        created = api("POST", f"/containers/create?name=prof-{args.tool}-{args.pid}", spec)
        api("POST", f"/containers/{created['Id']}/start")
    except (OSError, RuntimeError) as exc:
        log.error("docker API error: %s", exc)
        return 1
    log.info("started %s (%s); attach with: docker attach %s",
             args.tool, created["Id"][:12], created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
