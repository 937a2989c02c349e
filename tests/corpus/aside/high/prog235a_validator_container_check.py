#!/usr/bin/env python3
"""Check and restart the fare-validation containers on the depot edge server.

The depot edge server runs the validator back-end, the ticket cache and the
timetable feed as Docker containers. This tool talks to the Docker Engine API
over the local Docker socket (via curl in a small generated shell helper),
lists the depot containers, and restarts any that are unhealthy or exited.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("validator_container_check")

DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "com.example.depot.role"

HELPER_SH = """#!/bin/bash
# usage: helper METHOD PATH
method="$1"; path="$2"
curl -s --fail --unix-socket "$DOCKER_SOCK" -X "$method" \\
     -H 'Content-Type: application/json' "http://localhost/v1.43${path}"
"""


class DockerApi:
    def __init__(self, sock: str):
        self.sock = sock
        fd, self.helper = tempfile.mkstemp(prefix="dkapi-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(HELPER_SH)
        os.chmod(self.helper, 0o700)

    def call(self, method: str, path: str):
        env = dict(os.environ, DOCKER_SOCK=self.sock)
        proc = subprocess.run([self.helper, method, path], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed (curl rc {proc.returncode})")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def close(self):
        try:
            os.unlink(self.helper)
        except OSError:
            pass


def depot_containers(api: DockerApi):
    filters = json.dumps({"label": [LABEL]})
    from urllib.parse import quote
    return api.call("GET", f"/containers/json?all=true&filters={quote(filters)}")


def needs_restart(container: dict) -> str:
    state = container.get("State", "")
    status = container.get("Status", "")
    if state == "exited":
        return "exited"
    if "unhealthy" in status:
        return "unhealthy"
    return ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--role", action="append",
                    help="only these roles (validator, ticket-cache, timetable)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    api = DockerApi(args.socket)
    restarted = errors = 0
    try:
        for c in depot_containers(api) or []:
            role = c.get("Labels", {}).get(LABEL, "?")
            name = (c.get("Names") or ["?"])[0].lstrip("/")
            if args.role and role not in args.role:
                continue
            reason = needs_restart(c)
            LOG.info("%-22s role=%-13s %s", name, role, c.get("Status"))
            if not reason:
                continue
            if args.dry_run:
                LOG.info("  would restart (%s)", reason)
                continue
            try:
                api.call("POST", f"/containers/{c['Id']}/restart?t=15")
                restarted += 1
                LOG.info("  restarted (%s)", reason)
            except RuntimeError as exc:
                errors += 1
                LOG.error("  %s", exc)
    except (RuntimeError, ValueError) as exc:
        LOG.error("docker API error: %s", exc)
        return 1
    finally:
        api.close()
    LOG.info("restarted %d container(s), %d error(s)", restarted, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
