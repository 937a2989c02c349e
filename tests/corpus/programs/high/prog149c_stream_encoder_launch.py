#!/usr/bin/env python3
"""Start the live-stream encoder for the end-of-year recital.

Parents who cannot attend watch the recital on the portal. The encoder runs
in a container that reads the hall camera capture card and pushes RTMP to
the streaming provider. This script talks to the local container engine
directly so it works on the AV laptop without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("encoder")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = "registry.example.com/av/recital-encoder:2.3"
NAME = "recital-encoder"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"}
    payload = json.dumps(body) if body is not None else None
    conn.request(method, path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(stream_key_env, capture):
    host_cfg = {
        # capture cards misbehave under the default device cgroup rules
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [f"{capture}:{capture}", "/dev/snd:/dev/snd"],
        "RestartPolicy": {"Name": "no"},
    }
    return {
        "Image": IMAGE,
        "Env": [f"STREAM_KEY_ENV={stream_key_env}", f"CAPTURE={capture}",
                "RTMP_URL=rtmp://live.example.com/app"],
        "HostConfig": host_cfg,
    }


def remove_old():
    try:
        engine("DELETE", f"/containers/{NAME}?force=true")
        log.info("removed previous encoder container")
    except RuntimeError:
        pass


def start(stream_key_env, capture):
    remove_old()
    created = engine("POST", f"/containers/create?name={NAME}", container_spec(stream_key_env, capture))
    cid = created.get("Id", "")[:12]
    engine("POST", f"/containers/{cid}/start")
    log.info("encoder %s started", cid)
    return cid


def wait_running(cid, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        state = engine("GET", f"/containers/{cid}/json").get("State", {})
        if state.get("Running"):
            return True
        if state.get("Status") == "exited":
            log.error("encoder exited with %s", state.get("ExitCode"))
            return False
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--capture", default="/dev/video0")
    ap.add_argument("--key-env", default="RECITAL_STREAM_KEY",
                    help="name of the env var inside the container holding the stream key")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        if args.stop:
            remove_old()
            return 0
        cid = start(args.key_env, args.capture)
        if not wait_running(cid):
            return 1
        log.info("streaming; run with --stop after the recital")
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
