#!/usr/bin/env python3
"""container_health_restart.py - watchdog for the admissions portal
containers.

Checks the portal's health endpoint and, when it fails several times in a
row, asks the Docker engine (through its unix socket) to restart the
portal and worker containers.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("watchdog")
DOCKER_SOCK = "/var/run/docker.sock"


def healthy(url, timeout):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError) as exc:
        LOG.debug("health check error: %s", exc)
        return False


class DockerEngine:
    """Talks to the engine API with curl over the unix socket."""

    def __init__(self, sock):
        self.sock = sock

    def _call(self, method, path):
        env = dict(os.environ, DK_SOCK=self.sock, DK_METHOD=method, DK_PATH=path)
        script = 'curl -sS --unix-socket "$DK_SOCK" -X "$DK_METHOD" "http://localhost/v1.43$DK_PATH"'
        proc = subprocess.run(["bash", "-c", script], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"docker API {method} {path} failed: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self, prefix):
        raw = self._call("GET", "/containers/json?all=1")
        result = []
        for c in json.loads(raw or "[]"):
            names = [n.lstrip("/") for n in c.get("Names", [])]
            if any(n.startswith(prefix) for n in names):
                result.append({"id": c["Id"][:12], "name": names[0], "state": c.get("State")})
        return result

    def restart(self, cid):
        self._call("POST", f"/containers/{cid}/restart?t=20")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--health-url", default="http://127.0.0.1:8080/healthz")
    ap.add_argument("--prefix", default="admissions-")
    ap.add_argument("--failures", type=int, default=3)
    ap.add_argument("--interval", type=float, default=20)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--sock", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.sock):
        LOG.error("docker socket %s not found", args.sock)
        return 1
    engine = DockerEngine(args.sock)
    misses = 0
    while True:
        if healthy(args.health_url, timeout=5):
            misses = 0
            LOG.debug("portal healthy")
        else:
            misses += 1
            LOG.warning("health check failed (%d/%d)", misses, args.failures)
        if misses >= args.failures:
            try:
                for c in engine.containers(args.prefix):
                    LOG.info("restarting %s (%s, was %s)", c["name"], c["id"], c["state"])
                    engine.restart(c["id"])
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                LOG.error("restart failed: %s", exc)
            misses = 0
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
