#!/usr/bin/env python3
"""Archive named Docker volumes to tarballs without the docker CLI.

Talks to the Docker Engine API over /var/run/docker.sock: lists volumes that
carry the label backup.enable=true, starts a throw-away alpine container that
mounts the volume read-only plus ./volume-backups, and runs tar inside it.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("volarchiver")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
HELPER_IMAGE = "alpine:3.19"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
        return json.loads(data) if data else None

    def volumes(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/volumes?filters={filters}").get("Volumes") or []

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run_helper(self, image, cmd, binds):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "none"},
            "Labels": {"created-by": "volarchiver"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            return result.get("StatusCode", -1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


def archive_volume(api, vol, out_dir: Path, image):
    name = vol["Name"]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fname = f"{name}-{stamp}.tar.gz"
    binds = [f"{name}:/data:ro", f"{out_dir.resolve()}:/backup"]
    cmd = ["tar", "-czf", f"/backup/{fname}", "-C", "/data", "."]
    log.info("archiving volume %s -> %s", name, fname)
    status = api.run_helper(image, cmd, binds)
    if status != 0:
        raise RuntimeError(f"tar in helper container exited {status} for {name}")
    return out_dir / fname


def prune(out_dir: Path, keep: int):
    by_volume = {}
    for f in out_dir.glob("*.tar.gz"):
        vol = f.name.rsplit("-", 2)[0]
        by_volume.setdefault(vol, []).append(f)
    for vol, files in by_volume.items():
        for old in sorted(files)[:-keep]:
            log.info("removing old archive %s", old.name)
            old.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="backup.enable=true")
    ap.add_argument("--out", default="volume-backups")
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    api = DockerAPI(args.socket)
    try:
        vols = api.volumes(args.label)
        if not vols:
            log.info("no volumes labelled %s", args.label)
            return 0
        api.pull(HELPER_IMAGE)
        failed = 0
        for vol in vols:
            try:
                archive_volume(api, vol, out_dir, HELPER_IMAGE)
            except RuntimeError as exc:
                log.error("%s", exc)
                failed += 1
        prune(out_dir, args.keep)
    except (OSError, RuntimeError) as exc:
        log.error("docker API error: %s", exc)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
