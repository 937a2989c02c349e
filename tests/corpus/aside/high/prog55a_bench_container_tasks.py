#!/usr/bin/env python3
"""Benchmark helper that drives the local Docker engine directly.

  bench.py ps                 list running containers
  bench.py run <image> [cmd]  start a benchmark container (needs device access)
  bench.py logs <id>          show the tail of a container's log
Tasks are methods named task_<verb> on DockerTasks.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("bench")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class DockerTasks:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(data) if "json" in ctype and data else data

    def task_ps(self, args):
        for c in self._call("GET", "/containers/json"):
            print(f"{c['Id'][:12]}  {c['Image']:<30} {c['Status']}")

    def task_run(self, args):
        spec = {
            "Image": args.image,
            "Cmd": args.cmd or None,
            "Labels": {"purpose": "bench"},
            "HostConfig": {
                "Privileged": True,
                "Binds": [f"{args.results}:/results"],
                "AutoRemove": False,
            },
        }
        created = self._call("POST", "/containers/create?name=" + args.name, spec)
        cid = created["Id"]
        self._call("POST", f"/containers/{cid}/start")
        log.info("started %s as %s", args.image, cid[:12])
        print(cid)

    def task_logs(self, args):
        raw = self._call("GET", f"/containers/{args.id}/logs?stdout=1&stderr=1&tail=50")
        sys.stdout.write(raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw))


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    sub = ap.add_subparsers(dest="verb", required=True)
    sub.add_parser("ps")
    run = sub.add_parser("run")
    run.add_argument("image")
    run.add_argument("cmd", nargs="*")
    run.add_argument("--name", default="bench-run")
    run.add_argument("--results", default="/srv/bench/results")
    logs = sub.add_parser("logs")
    logs.add_argument("id")
    return ap


def main():
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    tasks = DockerTasks(args.socket)
    handler = getattr(tasks, "task_" + args.verb)
    try:
        handler(args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.verb, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
