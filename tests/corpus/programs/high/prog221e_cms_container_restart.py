#!/usr/bin/env python3
"""Restart unhealthy CMS containers on a newsroom app host.

Talks to the local Docker Engine API over its unix socket (through curl in a
small shell helper), finds containers of the CMS stack whose health check is
failing, and restarts them.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("cms-restart")
DOCKER_SOCK = "/var/run/docker.sock"

CURL_HELPER = r"""
set -e
curl -sS --fail --unix-socket "$DOCKER_SOCK" \
     -X "$API_METHOD" "http://localhost/v1.41$API_PATH"
"""


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method, API_PATH=path)
        proc = subprocess.run(["bash", "-c", CURL_HELPER], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {proc.stderr.strip()}")
        out = proc.stdout.strip()
        return json.loads(out) if out else None

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, timeout):
        self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def unhealthy(api, label):
    bad = []
    for c in api.containers(label):
        info = api.inspect(c["Id"])
        state = info.get("State", {})
        health = (state.get("Health") or {}).get("Status", "none")
        name = info.get("Name", c["Id"][:12]).lstrip("/")
        LOG.info("%-30s status=%-8s health=%s", name, state.get("Status"), health)
        if health == "unhealthy" or state.get("Status") == "exited":
            bad.append((c["Id"], name))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="com.example.stack=cms")
    ap.add_argument("--sock", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--stop-timeout", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max", type=int, default=3, help="max restarts per run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.sock):
        LOG.error("docker socket %s not found", args.sock)
        return 1
    api = DockerAPI(args.sock)
    try:
        bad = unhealthy(api, args.label)
    except (RuntimeError, ValueError) as exc:
        LOG.error("listing failed: %s", exc)
        return 1
    if not bad:
        LOG.info("all CMS containers healthy")
        return 0
    for cid, name in bad[: args.max]:
        if args.dry_run:
            LOG.info("dry run: would restart %s", name)
            continue
        try:
            api.restart(cid, args.stop_timeout)
            LOG.info("restarted %s", name)
        except RuntimeError as exc:
            LOG.error("restart of %s failed: %s", name, exc)
        time.sleep(2)
    if len(bad) > args.max:
        LOG.warning("%d more unhealthy containers left for next run", len(bad) - args.max)
    return 0


if __name__ == "__main__":
    sys.exit(main())
