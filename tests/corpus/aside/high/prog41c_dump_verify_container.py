#!/usr/bin/env python3
"""Verify a pg_dump archive by restoring it into a throwaway container.

Talks to the Docker Engine API directly over its unix socket (no docker
CLI or SDK needed on the bastion), starts postgres:16 with the dump
directory bind-mounted read-only, runs pg_restore --list inside it and
removes the container afterwards.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("dumpverify")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def run_check(self, image, dump_dir, dump_name):
        spec = {
            "Image": image,
            "Env": ["POSTGRES_HOST_AUTH_METHOD=trust"],
            "Cmd": ["pg_restore", "--list", f"/dumps/{dump_name}"],
            "HostConfig": {"Binds": [f"{dump_dir}:/dumps:ro"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        log.info("created container %s", cid[:12])
        try:
            self.call("POST", f"/containers/{cid}/start")
            deadline = time.time() + 300
            while time.time() < deadline:
                state = self.call("GET", f"/containers/{cid}/json")["State"]
                if not state["Running"]:
                    break
                time.sleep(2)
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return state.get("ExitCode", -1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")
            log.info("removed container %s", cid[:12])


def count_toc_entries(raw_logs):
    text = raw_logs.decode("utf-8", "replace") if isinstance(raw_logs, bytes) else str(raw_logs)
    return sum(1 for line in text.splitlines() if ";" not in line[:10] and "TABLE" in line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dump", help="path to a custom-format dump file")
    ap.add_argument("--image", default="postgres:16")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dump = os.path.abspath(args.dump)
    if not os.path.isfile(dump):
        log.error("no such dump: %s", dump)
        return 2
    engine = Engine()
    try:
        code, logs = engine.run_check(args.image, os.path.dirname(dump), os.path.basename(dump))
    except (OSError, RuntimeError) as exc:
        log.error("docker check failed: %s", exc)
        return 1
    log.info("pg_restore exit code %s, ~%d table entries", code, count_toc_entries(logs))
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
