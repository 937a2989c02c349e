#!/usr/bin/env python3
"""Find and restart the dev containers that belong to this workspace.

Editors label dev containers with `devcontainer.local_folder`.  After a
host reboot they are all stopped; this tool talks to the Docker Engine API
directly (no docker CLI in the remote VM image) and starts the ones whose
label matches the current workspace, then prints the attach command.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

log = logging.getLogger("reattach")
DEFAULT_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def request(self, method, path, query=None):
        url = f"/{self.api}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers_for(self, folder):
        flt = json.dumps({"label": [f"devcontainer.local_folder={folder}"]})
        return self.request("GET", "/containers/json", {"all": "1", "filters": flt})

    def start(self, cid):
        return self.request("POST", f"/containers/{cid}/start")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workspace", default=os.getcwd())
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DEFAULT_SOCK))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(args.socket)
    folder = os.path.abspath(args.workspace)
    try:
        found = engine.containers_for(folder)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable at %s: %s", args.socket, exc)
        return 1
    if not found:
        log.info("no dev containers labelled for %s", folder)
        return 0

    for ctr in found:
        name = ctr["Names"][0].lstrip("/")
        state = ctr.get("State")
        log.info("%-30s %-10s %s", name, state, ctr.get("Image"))
        if state == "running" or args.dry_run:
            continue
        try:
            engine.start(ctr["Id"])
            log.info("  started %s", name)
        except RuntimeError as exc:
            log.warning("  could not start %s: %s", name, exc)
        log.info("  attach: docker exec -it %s bash", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
