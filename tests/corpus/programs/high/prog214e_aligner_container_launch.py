#!/usr/bin/env python3
"""aligner_container_launch -- start a BWA-MEM2 alignment container directly
through the Docker Engine API (the docker CLI is not installed on the GPU
nodes).  The container runs privileged so it can pin NUMA nodes and use the
node's NVMe scratch device; a generated shell helper follows its logs.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("aligner_launch")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"

FOLLOW_LOGS = """#!/bin/bash
curl -sN --unix-socket "$DOCKER_SOCK" \\
  "http://localhost$DOCKER_API/containers/$CONTAINER_ID/logs?stdout=1&stderr=1&follow=1" \\
  | tr -cd '\\11\\12\\15\\40-\\176' | tee -a "$LOG_OUT"
"""


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def image_present(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
            return True
        except RuntimeError:
            return False

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(args):
    cmd = (f"bwa-mem2 mem -t {args.threads} -R '@RG\\tID:{args.sample}\\tSM:{args.sample}' "
           f"/ref/{args.reference} /in/{args.sample}_R1.fastq.gz /in/{args.sample}_R2.fastq.gz "
           f"| samtools sort -@4 -o /out/{args.sample}.bam -")
    return {
        "Image": args.image,
        "Cmd": ["bash", "-c", cmd],
        "Labels": {"seqcore.sample": args.sample},
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{args.fastq_dir}:/in:ro", f"{args.ref_dir}:/ref:ro",
                      f"{args.out_dir}:/out", "/dev:/dev"],
            "AutoRemove": False,
        },
    }


def follow_logs(cid, log_out):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(FOLLOW_LOGS)
        helper = fh.name
    env = dict(os.environ, DOCKER_SOCK=DOCKER_SOCK, DOCKER_API=API,
               CONTAINER_ID=cid, LOG_OUT=log_out)
    try:
        return subprocess.call(["bash", helper], env=env)
    finally:
        os.unlink(helper)


def main(argv=None):
    p = argparse.ArgumentParser(description="launch an alignment container")
    p.add_argument("sample")
    p.add_argument("--image", default="registry.example.org/bioinfo/bwa-mem2:2.2.1")
    p.add_argument("--fastq-dir", default=os.path.abspath("fastq"))
    p.add_argument("--ref-dir", default="/mnt/references/GRCh38")
    p.add_argument("--reference", default="GRCh38.fa")
    p.add_argument("--out-dir", default=os.path.abspath("aligned"))
    p.add_argument("--threads", type=int, default=32)
    p.add_argument("--no-follow", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    api = DockerAPI()
    try:
        if not api.image_present(args.image):
            LOG.error("image %s not present on this node; ask the admins to load it", args.image)
            return 2
        cid = api.create(f"align-{args.sample}", container_spec(args))
        api.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("container launch failed: %s", exc)
        return 1
    LOG.info("started %s for sample %s", cid[:12], args.sample)
    if not args.no_follow:
        follow_logs(cid, os.path.join(args.out_dir, f"{args.sample}.align.log"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
