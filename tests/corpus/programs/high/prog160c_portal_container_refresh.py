#!/usr/bin/env python3
"""Restart the family portal container after the nightly content update.

The portal (service times, livestream links, condolence book) runs in a
Docker container on the office server. This talks to the local Docker
engine directly so it can run from the update job without the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("portal-refresh")

DOCKER_SOCKET = "/var/run/docker.sock"
DEFAULT_CONTAINER = "family-portal"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path=DOCKER_SOCKET):
        self.socket_path = socket_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:200]))
        return json.loads(raw) if raw else None

    def inspect(self, name):
        return self.request("GET", "/containers/%s/json" % name)

    def restart(self, name, wait=10):
        return self.request("POST", "/containers/%s/restart?t=%d" % (name, wait))

    def pull(self, image):
        repo, _, tag = image.partition(":")
        return self.request("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag or "latest"))


def wait_until_running(engine, name, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.inspect(name).get("State", {})
        if state.get("Running") and state.get("Health", {}).get("Status", "healthy") == "healthy":
            return True
        time.sleep(2)
    return False


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--container", default=DEFAULT_CONTAINER)
    parser.add_argument("--pull", action="store_true", help="pull the image first")
    parser.add_argument("--timeout", type=int, default=90)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    engine = DockerEngine()
    try:
        info = engine.inspect(args.container)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach container %s: %s", args.container, exc)
        return 1
    image = info.get("Config", {}).get("Image", "")
    if args.pull and image:
        LOG.info("pulling %s", image)
        engine.pull(image)
    LOG.info("restarting %s", args.container)
    engine.restart(args.container)
    if wait_until_running(engine, args.container, args.timeout):
        LOG.info("portal is back up")
        return 0
    LOG.error("portal did not come back within %ds", args.timeout)
    return 1


if __name__ == "__main__":
    sys.exit(main())
