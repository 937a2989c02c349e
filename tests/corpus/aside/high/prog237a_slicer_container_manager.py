#!/usr/bin/env python3
"""Manage the web slicer containers on the makerspace print server.

The library runs a browser-based slicer (one container per printer model).
This tool lists them, and restarts any that have exited, talking to the
Docker Engine API directly over the local docker socket (through curl in a
bash pipeline, since the server has no docker CLI installed).
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys

LOG = logging.getLogger("slicer-ctl")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "http://localhost/v1.43"
LABEL = "org.example.makerspace.role=slicer"


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock
        if not os.path.exists(sock):
            raise FileNotFoundError(f"docker socket {sock} not found")

    def _curl(self, method, path, body=None):
        cmd = (f"curl -s --unix-socket {shlex.quote(self.sock)} "
               f"-X {method} -H 'Content-Type: application/json' ")
        if body is not None:
            cmd += "--data-binary @- "
        cmd += shlex.quote(API + path)
        LOG.debug("bash -c %s", cmd)
        res = subprocess.run(["bash", "-c", cmd], input=body, capture_output=True,
                             text=True, timeout=30)
        if res.returncode != 0:
            raise RuntimeError(f"curl failed ({res.returncode}): {res.stderr.strip()}")
        return res.stdout

    def containers(self):
        filt = json.dumps({"label": [LABEL]})
        out = self._curl("GET", "/containers/json?all=1&filters=" +
                         urllib_quote(filt))
        return json.loads(out or "[]")

    def restart(self, cid):
        self._curl("POST", f"/containers/{cid}/restart?t=10")

    def logs_tail(self, cid, n=20):
        return self._curl("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail={n}")


def urllib_quote(text):
    from urllib.parse import quote
    return quote(text, safe="")


def show(containers):
    print(f"{'NAME':28s} {'STATE':10s} STATUS")
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        print(f"{name:28s} {c.get('State', '?'):10s} {c.get('Status', '')}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["list", "heal", "logs"], nargs="?", default="list")
    ap.add_argument("--name", help="container name for logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        api = DockerAPI(DOCKER_SOCK)
        containers = api.containers()
    except (FileNotFoundError, RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("%s", exc)
        return 1

    if args.action == "list":
        show(containers)
    elif args.action == "heal":
        dead = [c for c in containers if c.get("State") in ("exited", "dead")]
        for c in dead:
            name = c["Names"][0].lstrip("/")
            LOG.info("restarting %s", name)
            try:
                api.restart(c["Id"])
            except RuntimeError as exc:
                LOG.error("restart %s failed: %s", name, exc)
        LOG.info("%d container(s) restarted", len(dead))
    elif args.action == "logs":
        match = [c for c in containers if args.name and
                 args.name in c["Names"][0]]
        if not match:
            LOG.error("no slicer container matching %r", args.name)
            return 2
        print(api.logs_tail(match[0]["Id"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
