#!/usr/bin/env python3
"""Launch the CG render engine container on a graphics server.

The character generator render engine ships as a container image. It needs
the GPU and the SDI output cards, so it is started with full device access.
This wrapper pulls the requested tag, replaces any running instance and
waits for the engine's health endpoint.

Usage:
    prog234b_cg_render_container.py --tag 4.2.1 [--name cg-engine] [--no-pull]
"""

import argparse
import json
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("cg-container")

IMAGE = "registry.example.com/graphics/cg-render-engine"
HEALTH_URL = "http://127.0.0.1:8600/health"


class Docker:
    """Thin wrapper around the docker CLI."""

    def __init__(self, binary="docker"):
        self.binary = binary

    def run(self, *args, check=True):
        cmd = [self.binary] + list(args)
        LOG.debug("exec: %s", " ".join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def container_state(self, name):
        res = self.run("inspect", name, check=False)
        if res.returncode != 0:
            return None
        data = json.loads(res.stdout)
        return data[0]["State"]["Status"] if data else None

    def pull(self, ref):
        LOG.info("pulling %s", ref)
        self.run("pull", ref)

    def remove(self, name):
        LOG.info("removing existing container %s", name)
        self.run("rm", "-f", name, check=False)

    def start_engine(self, name, ref, project_dir):
        args = [
            "run", "-d",
            "--name", name,
            "--privileged",
            "--network", "host",
            "-v", "%s:/projects:ro" % project_dir,
            ref,
        ]
        res = self.run(*args)
        return res.stdout.strip()


def wait_healthy(url, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Start the CG render engine container")
    ap.add_argument("--tag", required=True, help="image tag, e.g. 4.2.1")
    ap.add_argument("--name", default="cg-engine")
    ap.add_argument("--projects", default="./cg_projects",
                    help="directory with CG template projects")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--health-timeout", type=int, default=90)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    docker = Docker()
    ref = "%s:%s" % (IMAGE, args.tag)
    try:
        if not args.no_pull:
            docker.pull(ref)
        state = docker.container_state(args.name)
        if state is not None:
            LOG.info("existing %s is %s", args.name, state)
            docker.remove(args.name)
        cid = docker.start_engine(args.name, ref, args.projects)
        LOG.info("started %s (%s)", args.name, cid[:12])
    except subprocess.CalledProcessError as exc:
        LOG.error("docker failed: %s", (exc.stderr or "").strip())
        return 1
    except FileNotFoundError:
        LOG.error("docker CLI not found")
        return 1

    if not wait_healthy(HEALTH_URL, args.health_timeout):
        LOG.error("engine did not become healthy within %ds", args.health_timeout)
        return 2
    LOG.info("CG render engine %s healthy", args.tag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
