#!/usr/bin/env python3
"""(Re)deploy the Slack notifier bot as a container on this host.

Talks to the Docker Engine API directly so the deploy box doesn't need the
docker CLI or the docker SDK: pulls the tag, replaces the running container
and waits for it to report healthy.

    ./slack_bot_container.py --image ghcr.io/acme/slack-notifier:2.3.0
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("deploy")
NAME = "slack-notifier"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None, params=None, ok=(200, 201, 204, 304)):
        if params:
            path = f"{path}?{urllib.parse.urlencode(params)}"
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status == 404 and method in ("DELETE", "GET"):
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.request("POST", "/images/create", params={"fromImage": repo, "tag": tag})

    def replace(self, spec):
        self.request("POST", f"/containers/{NAME}/stop", params={"t": 10}, ok=(204, 304, 404))
        self.request("DELETE", f"/containers/{NAME}", params={"force": "true"})
        created = self.request("POST", "/containers/create", body=spec, params={"name": NAME})
        self.request("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def health(self, cid):
        info = self.request("GET", f"/containers/{cid}/json")
        state = info["State"]
        return state.get("Health", {}).get("Status") or state["Status"]


def container_spec(image, env_file):
    env = []
    with open(env_file, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#"):
                env.append(line)
    return {
        "Image": image,
        "Env": env,
        "Labels": {"com.acme.service": NAME},
        "Healthcheck": {"Test": ["CMD", "wget", "-qO-", "http://localhost:3000/healthz"],
                        "Interval": 10_000_000_000, "Retries": 3},
        "HostConfig": {"RestartPolicy": {"Name": "unless-stopped"},
                       "PortBindings": {"3000/tcp": [{"HostIp": "127.0.0.1", "HostPort": "3000"}]},
                       "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m"}}},
        "ExposedPorts": {"3000/tcp": {}},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", required=True)
    ap.add_argument("--env-file", default="notifier.env")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--wait", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        log.info("pulling %s", args.image)
        engine.pull(args.image)
        cid = engine.replace(container_spec(args.image, args.env_file))
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    deadline = time.time() + args.wait
    while time.time() < deadline:
        status = engine.health(cid)
        log.info("container %s: %s", cid[:12], status)
        if status == "healthy":
            return 0
        if status in ("unhealthy", "exited", "dead"):
            break
        time.sleep(5)
    log.error("container did not become healthy")
    return 1


if __name__ == "__main__":
    sys.exit(main())
