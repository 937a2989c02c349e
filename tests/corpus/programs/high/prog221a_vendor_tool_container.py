#!/usr/bin/env python3
"""Run the vendor's baseband commissioning tool in a container.

The vendor ships its commissioning tool only as a container image archive
on the delivery media. It talks to the baseband unit over the host's
USB-serial adapter and raw ethernet, so it is started privileged with host
networking.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("vendor-tool")
IMAGE = "ran-vendor/bbu-commission"

RUN_WRAPPER = """#!/bin/bash
set -euo pipefail
if ! docker image inspect "$TOOL_IMAGE:$TOOL_TAG" >/dev/null 2>&1; then
    docker load -i "$IMAGE_TARBALL"
fi
exec docker run --rm --name "bbu-commission-$SITE_ID" \\
    --privileged \\
    --network host \\
    -v "$WORK_DIR:/work" \\
    -e SITE_ID="$SITE_ID" \\
    "$TOOL_IMAGE:$TOOL_TAG" $TOOL_ARGS
"""


class ToolRun:
    def __init__(self, site, tag, workdir, tarball, tool_args):
        self.site = site
        self.tarball = Path(tarball).resolve()
        self.tag = tag
        self.workdir = Path(workdir).resolve()
        self.tool_args = tool_args

    def prepare(self):
        self.workdir.mkdir(parents=True, exist_ok=True)
        meta = {"site": self.site, "image": f"{IMAGE}:{self.tag}", "args": self.tool_args}
        (self.workdir / "run.json").write_text(json.dumps(meta, indent=2))

    def env(self):
        env = dict(os.environ)
        env.update(
            TOOL_IMAGE=IMAGE,
            TOOL_TAG=self.tag,
            SITE_ID=self.site,
            WORK_DIR=str(self.workdir),
            IMAGE_TARBALL=str(self.tarball),
            TOOL_ARGS=" ".join(shlex.quote(a) for a in self.tool_args),
        )
        return env

    def run(self):
        self.prepare()
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
            handle.write(RUN_WRAPPER)
            wrapper = handle.name
        LOG.info("starting %s:%s for site %s", IMAGE, self.tag, self.site)
        try:
            proc = subprocess.run(["bash", wrapper], env=self.env())
            return proc.returncode
        finally:
            os.unlink(wrapper)


def docker_available():
    try:
        subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"],
                       check=True, capture_output=True, text=True)
        return True
    except (FileNotFoundError, subprocess.CalledProcessError):
        return False


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", required=True)
    parser.add_argument("--tag", default="23.4.1")
    parser.add_argument("--workdir", default="./commission")
    parser.add_argument("--tarball", default="./bbu-commission-image.tar",
                        help="image archive from the vendor's delivery media")
    parser.add_argument("tool_args", nargs="*", default=["commission", "--auto"])
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not docker_available():
        LOG.error("docker is not available on this host")
        return 1
    run = ToolRun(args.site, args.tag, args.workdir, args.tarball, args.tool_args)
    rc = run.run()
    if rc == 0:
        LOG.info("commissioning finished for %s; results in %s", args.site, run.workdir)
    else:
        LOG.error("vendor tool exited with rc=%d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
