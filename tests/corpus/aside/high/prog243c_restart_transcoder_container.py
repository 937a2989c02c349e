#!/usr/bin/env python3
"""Restart the hearing-audio transcoder container when its queue stalls.

Talks to the local Docker engine over its UNIX socket with curl (the booth
servers have no docker CLI installed), using a small generated shell helper.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("transcoder-restart")

DOCKER_SOCK = "/var/run/docker.sock"

HELPER = r"""#!/bin/bash
# docker engine helper: $1 = METHOD, $2 = PATH
set -euo pipefail
curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$1" "http://localhost/v1.41$2"
"""


class DockerEngine:
    def __init__(self, sock):
        self.sock = sock
        fd, self.helper = tempfile.mkstemp(prefix="dockerapi_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(HELPER)
        os.chmod(self.helper, 0o700)

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock)
        res = subprocess.run(["bash", self.helper, method, path], env=env,
                             capture_output=True, text=True)
        if res.returncode:
            raise RuntimeError("%s %s failed: %s" % (method, path, res.stderr.strip()))
        return json.loads(res.stdout) if res.stdout.strip() else None

    def close(self):
        if os.path.exists(self.helper):
            os.unlink(self.helper)


def find_container(engine, name):
    for c in engine.call("GET", "/containers/json?all=1"):
        if any(n.lstrip("/") == name for n in c.get("Names", [])):
            return c
    return None


def queue_stalled(path, max_age):
    try:
        age = time.time() - os.path.getmtime(path)
    except OSError:
        LOG.warning("heartbeat %s missing, treating as stalled", path)
        return True
    LOG.debug("heartbeat age %.0fs", age)
    return age > max_age


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="hearing-transcoder")
    ap.add_argument("--heartbeat", default="./transcoder.heartbeat")
    ap.add_argument("--max-age", type=int, default=300)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.force and not queue_stalled(args.heartbeat, args.max_age):
        LOG.info("transcoder queue healthy, nothing to do")
        return 0

    engine = DockerEngine(args.socket)
    try:
        container = find_container(engine, args.name)
        if container is None:
            LOG.error("container %s not found", args.name)
            return 1
        cid = container["Id"][:12]
        LOG.info("container %s is %s", cid, container.get("State"))
        engine.call("POST", "/containers/%s/restart?t=20" % cid)
        LOG.info("restart requested for %s", args.name)
        for _ in range(10):
            time.sleep(3)
            state = engine.call("GET", "/containers/%s/json" % cid)["State"]
            if state.get("Running"):
                LOG.info("transcoder running again (pid %s)", state.get("Pid"))
                return 0
        LOG.error("transcoder did not come back")
        return 1
    except (RuntimeError, ValueError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        engine.close()


if __name__ == "__main__":
    sys.exit(main())
