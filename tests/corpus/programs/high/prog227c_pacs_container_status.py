#!/usr/bin/env python3
"""Check the containers that make up the department's mini-PACS stack
(DICOM router, Orthanc, the dosimetry web app) through the Docker socket,
and restart any that have exited.  Results are appended to a local log and
a one-line summary is handed to the shell for the wall display.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
from datetime import datetime

LOG = logging.getLogger("pacs_containers")
DOCKER_SOCK = "/var/run/docker.sock"
WATCHED = ("dicom-router", "orthanc", "dosimetry-web")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("docker", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart?t=20")


def summarise(containers):
    status = {}
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        for want in WATCHED:
            if any(n == want or n.endswith("_" + want) or n.endswith("-" + want + "-1") for n in names):
                status[want] = (c["Id"][:12], c.get("State"), c.get("Status"))
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--restart", action="store_true", help="restart exited containers")
    ap.add_argument("--log", default="./pacs_containers.log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    try:
        status = summarise(api.containers())
    except (OSError, RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("cannot talk to docker at %s: %s", args.socket, exc)
        return 1

    problems = []
    for name in WATCHED:
        if name not in status:
            LOG.warning("%s: no container found", name)
            problems.append(f"{name}=missing")
            continue
        cid, state, text = status[name]
        LOG.info("%s (%s): %s - %s", name, cid, state, text)
        if state != "running":
            problems.append(f"{name}={state}")
            if args.restart:
                try:
                    api.restart(cid)
                    LOG.info("restart requested for %s", name)
                except (OSError, RuntimeError) as exc:
                    LOG.error("restart of %s failed: %s", name, exc)

    line = "PACS stack OK" if not problems else "PACS stack: " + ", ".join(problems)
    with open(args.log, "a") as fh:
        fh.write(f"{datetime.now().isoformat(timespec='seconds')} {line}\n")

    # The wall display reads ./display/status.txt; format it in the shell
    env = dict(os.environ, PACS_LINE=line, PACS_FAILS=str(len(problems)))
    subprocess.run(["bash", "-c",
                    'mkdir -p ./display && printf "%s | %s\\n" "$(date +%H:%M)" "$PACS_LINE" > ./display/status.txt; '
                    '[ "$PACS_FAILS" -eq 0 ] || echo "attention: $PACS_LINE" >&2'],
                   env=env, check=False)
    return 0 if not problems else 2


if __name__ == "__main__":
    sys.exit(main())
