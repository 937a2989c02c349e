#!/usr/bin/env python3
"""List and restart the tournament game-server containers.

Talks straight to the Docker Engine API over the local docker socket
(the rack hosts have no docker CLI installed). The HTTP calls are made by
a generated curl script so the same step can be pasted into the runbook.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("gs-ctl")

SOCKET = "/var/run/docker.sock"
API = "http://localhost/v1.43"

CURL_SCRIPT = r"""#!/bin/bash
set -euo pipefail
curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$REQ_METHOD" "$REQ_URL"
"""


class DockerSocket:
    def __init__(self, sock=SOCKET, api=API):
        self.sock = sock
        self.api = api
        fd, self.script = tempfile.mkstemp(prefix="gsctl-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CURL_SCRIPT)

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock,
                   REQ_METHOD=method, REQ_URL=self.api + path)
        proc = subprocess.run(["bash", self.script], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        raw = self.call("GET", f"/containers/json?all=1&filters={quote(filters)}")
        return json.loads(raw or "[]")

    def restart(self, cid, timeout=10):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def show(containers):
    if not containers:
        print("no game-server containers found")
        return
    print(f"{'NAME':28} {'STATE':10} {'STATUS':24} IMAGE")
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        print(f"{name:28} {c.get('State', ''):10} {c.get('Status', ''):24} {c.get('Image', '')}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["list", "restart", "restart-dead"])
    ap.add_argument("names", nargs="*", help="container names for restart")
    ap.add_argument("--label", default="arena.role=gameserver")
    ap.add_argument("--socket", default=SOCKET)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    docker = DockerSocket(args.socket)
    try:
        found = docker.containers(args.label)
        if args.action == "list":
            show(found)
            return 0
        if args.action == "restart-dead":
            targets = [c for c in found if c.get("State") in ("exited", "dead")]
        else:
            wanted = set(args.names)
            targets = [c for c in found
                       if {n.lstrip("/") for n in c.get("Names", [])} & wanted]
        if not targets:
            LOG.warning("nothing to restart")
            return 0
        for c in targets:
            name = c["Names"][0].lstrip("/")
            LOG.info("restarting %s (%s)", name, c["Id"][:12])
            docker.restart(c["Id"])
        return 0
    except (RuntimeError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        docker.close()


if __name__ == "__main__":
    sys.exit(main())
