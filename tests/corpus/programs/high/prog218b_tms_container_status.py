#!/usr/bin/env python3
"""Status and restart helper for the TMS containers on the CAT server.

Talks to the local Docker engine over its socket, lists the containers of
the translation management system (label com.example.stack=tms), prints a
status table and restarts containers that are unhealthy or exited.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys

LOG = logging.getLogger("tms-container-status")

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.example.stack=tms"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        return self.request("GET", f"/containers/json?all=1&filters={flt}")

    def restart(self, cid):
        return self.request("POST", f"/containers/{cid}/restart?t=15")


def needs_restart(c):
    status = c.get("Status", "")
    return c.get("State") == "exited" or "(unhealthy)" in status


def print_table(rows):
    text = "\n".join("\t".join(r) for r in rows) + "\n"
    # column(1) gives a nicer table when it is available
    proc = subprocess.run(["bash", "-c", 'command -v column >/dev/null && column -t -s "$SEP" || cat'],
                          input=text, text=True, capture_output=True,
                          env=dict(os.environ, SEP="\t"))
    sys.stdout.write(proc.stdout or text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--label", default=STACK_LABEL)
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 2
    client = DockerClient(args.socket)
    try:
        containers = client.containers(args.label)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 2

    rows = [("NAME", "IMAGE", "STATE", "STATUS")]
    to_restart = []
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        rows.append((name, c.get("Image", "?"), c.get("State", "?"), c.get("Status", "?")))
        if needs_restart(c):
            to_restart.append((name, c["Id"]))
    print_table(rows)

    if args.no_restart or not to_restart:
        return 0
    failed = 0
    for name, cid in to_restart:
        LOG.info("restarting %s", name)
        try:
            client.restart(cid)
        except (OSError, RuntimeError) as exc:
            LOG.error("restart of %s failed: %s", name, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
