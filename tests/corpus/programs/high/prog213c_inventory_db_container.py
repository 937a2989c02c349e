#!/usr/bin/env python3
"""Inventory database container manager for the co-op parts shop.

Starts (or restarts) the PostgreSQL container that holds the parts
inventory on the back-office PC.  Talks to the Docker Engine API over its
local socket with curl, so it works on machines without the docker CLI.
"""
import argparse
import json
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("inv_db")

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"
IMAGE = "postgres:16-alpine"
NAME = "coop-inventory-db"

# Every API call goes through this bash snippet; method, path and body come
# in through the environment.
CURL_SH = r'''
curl -sS --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" \
     -H 'Content-Type: application/json' \
     ${API_BODY:+--data "$API_BODY"} \
     -w '\n%{http_code}' "$API_BASE$API_PATH"
'''


class DockerAPIError(Exception):
    pass


class DockerClient:
    def __init__(self, sock=DOCKER_SOCK, base=API):
        self.sock = sock
        self.base = base

    def call(self, method, path, body=None):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_BASE=self.base,
                   API_METHOD=method, API_PATH=path,
                   API_BODY=json.dumps(body) if body is not None else "")
        res = subprocess.run(["bash", "-c", CURL_SH], env=env,
                             capture_output=True, text=True, timeout=300)
        if res.returncode != 0:
            raise DockerAPIError(res.stderr.strip())
        text, _, code = res.stdout.rpartition("\n")
        status = int(code or 0)
        LOG.debug("%s %s -> %d", method, path, status)
        try:
            data = json.loads(text) if text.strip() else None
        except json.JSONDecodeError:
            data = text
        return status, data

    def container_state(self, name):
        status, data = self.call("GET", f"/containers/{name}/json")
        if status == 404:
            return None
        return data.get("State", {}).get("Status")

    def pull(self, image):
        repo, tag = image.split(":", 1)
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        if status != 200:
            raise DockerAPIError(f"pull failed ({status})")

    def create(self, name, image, data_dir, secret_file, port):
        body = {
            "Image": image,
            "Env": ["POSTGRES_PASSWORD_FILE=/run/secrets/pgpass",
                    "POSTGRES_DB=inventory"],
            "HostConfig": {
                "Binds": [f"{data_dir}:/var/lib/postgresql/data",
                          f"{secret_file}:/run/secrets/pgpass:ro"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1",
                                               "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
            "ExposedPorts": {"5432/tcp": {}},
        }
        status, data = self.call("POST", f"/containers/create?name={name}", body)
        if status != 201:
            raise DockerAPIError(f"create failed ({status}): {data}")

    def start(self, name):
        status, _ = self.call("POST", f"/containers/{name}/start")
        if status not in (204, 304):
            raise DockerAPIError(f"start failed ({status})")


def ensure_password_file(path):
    """Create the database password file once; the container reads it."""
    if not path.exists():
        path.write_text(secrets.token_urlsafe(24) + "\n")
        os.chmod(path, 0o600)
        LOG.info("generated database password in %s", path)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the inventory DB container")
    ap.add_argument("--data-dir", type=Path, default=Path("pgdata"))
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--secret-file", type=Path, default=Path("pg_password.txt"))
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1

    client = DockerClient()
    args.data_dir.mkdir(exist_ok=True)
    secret_file = ensure_password_file(args.secret_file)
    try:
        state = client.container_state(NAME)
        if state is not None and args.recreate:
            client.call("DELETE", f"/containers/{NAME}?force=true")
            state = None
        if state is None:
            LOG.info("pulling %s", IMAGE)
            client.pull(IMAGE)
            client.create(NAME, IMAGE, str(args.data_dir.resolve()),
                          str(secret_file.resolve()), args.port)
        if state != "running":
            client.start(NAME)
        LOG.info("inventory database running on 127.0.0.1:%d", args.port)
    except (DockerAPIError, subprocess.TimeoutExpired) as exc:
        LOG.error("docker error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
