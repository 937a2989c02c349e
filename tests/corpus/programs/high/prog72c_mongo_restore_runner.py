#!/usr/bin/env python3
"""mongo_restore_runner - restore a mongodump directory with a throwaway tools container.

Hosts running MongoDB in containers rarely have matching database tools
installed, so this runner starts a short-lived mongo image, mounts the dump
read-only, runs mongorestore against the target URI, streams the log and
removes the container afterwards.  It talks to the Docker Engine API
directly to avoid pulling in the docker SDK on minimal hosts.

    MONGO_URI=mongodb://restore:...@db1:27017 ./mongo_restore_runner.py ./dump/2024-05-01
"""
import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("mongo_restore")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        resp = self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}",
                         stream=True)
        for line in resp:
            try:
                status = json.loads(line).get("status", "")
            except ValueError:
                continue
            if status.startswith(("Digest", "Status")):
                log.info("pull: %s", status)
        resp.close()


def demux(resp):
    """Split the multiplexed stdout/stderr log stream."""
    while True:
        header = resp.read(8)
        if len(header) < 8:
            return
        stream, size = struct.unpack(">BxxxL", header)
        yield stream, resp.read(size).decode(errors="replace")


def restore(engine, image, dump_dir, uri, drop, nsinclude):
    cmd = ["mongorestore", "--uri", uri, "--gzip", "--numParallelCollections", "4"]
    if drop:
        cmd.append("--drop")
    for ns in nsinclude:
        cmd += ["--nsInclude", ns]
    cmd.append("/dump")

    spec = {
        "Image": image,
        "Cmd": cmd,
        "Labels": {"purpose": "mongo-restore"},
        "HostConfig": {
            "Binds": [f"{dump_dir}:/dump:ro"],
            "NetworkMode": "host",
            "AutoRemove": False,
        },
    }
    name = f"mongo-restore-{int(time.time())}"
    cid = engine.call("POST", f"/containers/create?name={name}", spec)["Id"]
    log.info("container %s (%s)", name, cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
        logs = engine.call("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1",
                           stream=True)
        for _, text in demux(logs):
            for line in text.rstrip().splitlines():
                log.info("| %s", line)
        result = engine.call("POST", f"/containers/{cid}/wait")
        return result.get("StatusCode", 1)
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}?force=1")
        except RuntimeError as exc:
            log.warning("cleanup failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dump_dir")
    ap.add_argument("--image", default="mongo:7.0")
    ap.add_argument("--drop", action="store_true", help="drop collections before restoring")
    ap.add_argument("--ns", action="append", default=[], help="namespace filter, e.g. shop.*")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    uri = os.environ.get("MONGO_URI")
    if not uri:
        log.error("MONGO_URI not set")
        return 2
    dump = Path(args.dump_dir).resolve()
    if not dump.is_dir():
        log.error("%s is not a directory", dump)
        return 2

    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            engine.pull(args.image)
        rc = restore(engine, args.image, dump, uri, args.drop, args.ns)
    except (OSError, RuntimeError) as exc:
        log.error("restore failed: %s", exc)
        return 1
    log.info("mongorestore exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
