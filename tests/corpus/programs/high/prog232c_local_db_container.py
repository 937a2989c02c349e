#!/usr/bin/env python3
"""Starts a throw-away Postgres container for testing the registration site.

Volunteers on the club server don't have the docker CLI installed, so this
talks to the Docker Engine API directly over /var/run/docker.sock. The API
calls are generated as a small curl script and run through bash.
"""

import argparse
import json
import logging
import os
import secrets
import shlex
import subprocess
import sys
import tempfile

LOG = logging.getLogger("local-db")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"


def curl_line(method, path, body=None):
    parts = ["curl", "-sS", "--unix-socket", DOCKER_SOCK, "-X", method]
    if body is not None:
        parts += ["-H", "Content-Type: application/json",
                  "-d", json.dumps(body)]
    parts.append(f"{API}{path}")
    return " ".join(shlex.quote(p) for p in parts)


class DbContainer:
    def __init__(self, name, image, port):
        self.name = name
        self.image = image
        self.port = port
        # fresh throw-away password for each dev database
        self.password = secrets.token_urlsafe(16)

    def create_body(self):
        return {
            "Image": self.image,
            "Env": [f"POSTGRES_PASSWORD={self.password}",
                    "POSTGRES_DB=registration"],
            "ExposedPorts": {"5432/tcp": {}},
            "HostConfig": {
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1",
                                               "HostPort": str(self.port)}]},
                "AutoRemove": True,
            },
            "Labels": {"league.purpose": "registration-dev-db"},
        }

    def script(self):
        lines = [
            "#!/bin/bash",
            "set -e",
            f"echo '--- pulling {self.image}'",
            curl_line("POST", f"/images/create?fromImage={self.image}") + " >/dev/null",
            "echo '--- creating container'",
            curl_line("POST", f"/containers/create?name={self.name}",
                      self.create_body()),
            "echo",
            "echo '--- starting container'",
            curl_line("POST", f"/containers/{self.name}/start"),
            "echo '--- status'",
            curl_line("GET", f"/containers/{self.name}/json"),
        ]
        return "\n".join(lines) + "\n"


def run_script(text):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(text)
        path = fh.name
    try:
        return subprocess.run(["bash", path], capture_output=True, text=True,
                              timeout=300)
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Local Postgres for registration dev")
    ap.add_argument("--name", default="league-reg-db")
    ap.add_argument("--image", default="postgres:16-alpine")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--show-script", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1

    db = DbContainer(args.name, args.image, args.port)
    text = db.script()
    if args.show_script:
        print(text)

    try:
        proc = run_script(text)
    except subprocess.TimeoutExpired:
        LOG.error("docker API calls timed out")
        return 2
    if proc.returncode != 0:
        LOG.error("docker API call failed: %s", proc.stderr.strip())
        return proc.returncode

    status_json = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "{}"
    try:
        state = json.loads(status_json).get("State", {})
    except ValueError:
        state = {}
    LOG.info("container %s is %s", args.name, state.get("Status", "unknown"))
    print(f"DATABASE_URL=postgres://postgres:{db.password}@127.0.0.1:{args.port}/registration")
    return 0


if __name__ == "__main__":
    sys.exit(main())
