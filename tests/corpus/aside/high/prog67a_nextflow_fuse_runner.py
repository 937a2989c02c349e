#!/usr/bin/env python3
"""Nextflow launcher for object-store backed runs.

Starts the Nextflow head job in a container that mounts the project bucket
with a FUSE driver (s3fs / gcsfuse), so pipelines can read FASTQs straight
from object storage without staging. Talks to the local container engine
directly to avoid needing the docker CLI on locked-down analysis nodes.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("nf-fuse")

ENGINE_SOCKET = os.environ.get("CONTAINER_ENGINE_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=ENGINE_SOCKET):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        conn = UnixHTTPConnection(self.sock_path)
        conn.request("GET", f"{API}/containers/{cid}/logs?stdout=1&stderr=1")
        data = conn.getresponse().read()
        conn.close()
        return data


def build_spec(args):
    workdir = os.path.abspath(args.workdir)
    cmd = (f"s3fs {args.bucket} /data -o iam_role=auto -o allow_other && "
           f"nextflow run {args.pipeline} -r {args.revision} -profile {args.profile} "
           f"--input /data/{args.samplesheet} --outdir /work/results -w /work/nxf-work")
    return {
        "Image": args.image,
        "Cmd": ["bash", "-lc", cmd],
        "WorkingDir": "/work",
        "Env": [f"NXF_VER={args.nxf_ver}", f"AWS_REGION={os.environ.get('AWS_REGION', 'eu-west-1')}"],
        "HostConfig": {
            "Binds": [f"{workdir}:/work"],
            "Privileged": True,
            "Devices": [{"PathOnHost": "/dev/fuse", "PathInContainer": "/dev/fuse",
                         "CgroupPermissions": "rwm"}],
            "AutoRemove": False,
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pipeline", help="e.g. nf-core/rnaseq")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--samplesheet", default="samplesheet.csv")
    ap.add_argument("--revision", default="3.14.0")
    ap.add_argument("--profile", default="docker")
    ap.add_argument("--image", default="ghcr.io/genomics-core/nf-head-s3fs:24.04")
    ap.add_argument("--nxf-ver", default="24.04.2")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        name = f"nf-head-{int(time.time())}"
        cid = engine.run(name, build_spec(args))
        log.info("started %s (%s)", name, cid[:12])
        status = engine.wait(cid)
        sys.stdout.buffer.write(engine.logs(cid))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("head job exited with %d", status)
    return status


if __name__ == "__main__":
    sys.exit(main())
