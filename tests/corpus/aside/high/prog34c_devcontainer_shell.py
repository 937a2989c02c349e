#!/usr/bin/env python3
"""Open a shell in the project's build container.

Builds (or reuses) the image from ``.devcontainer/Dockerfile`` and starts an
interactive container with the checkout mounted at /src.  The integration
tests start their own sibling containers and need loop devices, so the
container is started privileged and gets the host Docker socket.
"""

import argparse
import getpass
import hashlib
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("devshell")

DOCKERFILE = Path(".devcontainer/Dockerfile")
SETTINGS = Path(".devcontainer/devshell.json")
DOCKER_SOCK = "/var/run/docker.sock"


def load_settings():
    defaults = {
        "image_prefix": "devshell",
        "workdir": "/src",
        "env": {"TERM": os.environ.get("TERM", "xterm-256color")},
        "ports": [],
        "privileged": True,
        "docker_in_docker": True,
    }
    if SETTINGS.exists():
        defaults.update(json.loads(SETTINGS.read_text()))
    return defaults


def docker(*args, capture=False):
    cmd = ["docker", *args]
    LOG.debug("+ %s", " ".join(shlex.quote(c) for c in cmd))
    if capture:
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()
    return subprocess.call(cmd)


def image_tag(prefix):
    digest = hashlib.sha256(DOCKERFILE.read_bytes()).hexdigest()[:12]
    return "%s:%s" % (prefix, digest)


def ensure_image(tag, rebuild):
    if not rebuild:
        try:
            docker("image", "inspect", tag, capture=True)
            LOG.info("using cached image %s", tag)
            return
        except subprocess.CalledProcessError:
            pass
    LOG.info("building %s", tag)
    rc = docker("build", "-t", tag, "-f", str(DOCKERFILE), str(DOCKERFILE.parent))
    if rc != 0:
        raise SystemExit("image build failed")


def run_args(settings, tag, command):
    project = Path.cwd()
    args = [
        "run", "--rm", "-it",
        "--name", "devshell-%s-%s" % (getpass.getuser(), project.name),
        "--hostname", "devshell",
        "-v", "%s:%s" % (project, settings["workdir"]),
        "-w", settings["workdir"],
    ]
    if settings.get("privileged"):
        args.append("--privileged")
    if settings.get("docker_in_docker"):
        args += ["-v", "%s:%s" % (DOCKER_SOCK, DOCKER_SOCK)]
    for key, value in settings["env"].items():
        args += ["-e", "%s=%s" % (key, value)]
    for port in settings["ports"]:
        args += ["-p", "127.0.0.1:%s:%s" % (port, port)]
    args.append(tag)
    args += command or ["bash", "-l"]
    return args


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rebuild", action="store_true", help="rebuild the image")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the docker command instead of running it")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="devshell: %(message)s")

    if shutil.which("docker") is None:
        LOG.error("docker CLI not found")
        return 127
    if not DOCKERFILE.exists():
        LOG.error("%s not found; run from the project root", DOCKERFILE)
        return 2

    settings = load_settings()
    tag = image_tag(settings["image_prefix"])
    argv_run = run_args(settings, tag, args.command)
    if args.print_only:
        print("docker " + " ".join(shlex.quote(a) for a in argv_run))
        return 0

    ensure_image(tag, args.rebuild)
    return docker(*argv_run)


if __name__ == "__main__":
    sys.exit(main())
