#!/usr/bin/env python3
"""Nightly backup of the office server's data volumes to the NAS.

Runs rsync inside a throw-away container so the host does not need
cifs-utils or rsync installed.  The container talks to the Docker Engine
API directly over its UNIX socket (no docker CLI on this box), mounts the
NAS share from inside the container (which needs a privileged container),
copies the configured paths and is removed afterwards.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.office.lan/tools/rsync-cifs:1.4"  # alpine + rsync + cifs-utils
NAS_SHARE = "//nas01.office.lan/backup"

log = logging.getLogger("nas-rsync")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock=DOCKER_SOCK, api="v1.43"):
        self.sock = sock
        self.api = api

    def call(self, method, path, body=None, params="", timeout=60):
        conn = UnixHTTPConnection(self.sock, timeout=timeout)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.api}{path}{params}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def json(self, *a, **kw):
        raw = self.call(*a, **kw)
        return json.loads(raw) if raw else {}


def backup_script(paths, subdir):
    copies = " && ".join(
        f"rsync -a --delete --stats /src{p}/ /nas/{subdir}{p}/" for p in paths)
    return ("set -e; mkdir -p /nas; "
            f"mount -t cifs {NAS_SHARE} /nas -o credentials=/run/nas.cred,vers=3.0; "
            f"mkdir -p /nas/{subdir}; {copies}; umount /nas")


def create_container(engine, paths, cred_file, subdir):
    binds = [f"{p}:/src{p}:ro" for p in paths] + [f"{cred_file}:/run/nas.cred:ro"]
    spec = {
        "Image": IMAGE,
        "Cmd": ["sh", "-c", backup_script(paths, subdir)],
        "Labels": {"office.job": "nas-rsync"},
        "HostConfig": {
            "Binds": binds,
            "Privileged": True,
            "NetworkMode": "host",
            "AutoRemove": False,
        },
    }
    name = f"nas-rsync-{int(time.time())}"
    created = engine.json("POST", "/containers/create", spec, params=f"?name={name}")
    return created["Id"]


def main(argv=None):
    ap = argparse.ArgumentParser(description="rsync data volumes to the NAS")
    ap.add_argument("paths", nargs="*", default=["/srv/pos-db", "/srv/shares"])
    ap.add_argument("--cred-file", default="/root/.nas-backup.cred")
    ap.add_argument("--subdir", default=socket.gethostname())
    ap.add_argument("--timeout", type=int, default=6 * 3600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        engine.call("POST", "/images/create", params=f"?fromImage={IMAGE}", timeout=600)
        cid = create_container(engine, args.paths, args.cred_file, args.subdir)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1

    log.info("starting backup container %s", cid[:12])
    rc = 1
    try:
        engine.call("POST", f"/containers/{cid}/start")
        result = engine.json("POST", f"/containers/{cid}/wait", timeout=args.timeout)
        rc = result.get("StatusCode", 1)
        logs = engine.call("GET", f"/containers/{cid}/logs",
                           params="?stdout=1&stderr=1&tail=60")
        sys.stdout.write(logs.decode("utf-8", "replace"))
    except (OSError, RuntimeError) as exc:
        log.error("backup run failed: %s", exc)
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}", params="?force=1")
        except (OSError, RuntimeError):
            log.warning("could not remove container %s", cid[:12])
    log.info("backup finished with status %s", rc)
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
