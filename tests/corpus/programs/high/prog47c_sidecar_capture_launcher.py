#!/usr/bin/env python3
"""Start a throw-away capture container that shares the network namespace of
a running service container, write a pcap to a host directory, then clean up.

Talks to the Docker Engine API directly over the UNIX socket so it works on
hosts without the docker CLI or SDK.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("sidecar")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "nicolaka/netshoot:v0.12"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else None


def container_spec(target, outdir, iface, bpf, seconds):
    cmd = ["timeout", str(seconds), "tcpdump", "-i", iface, "-U", "-s", "0",
           "-w", "/captures/%s-%d.pcap" % (target, int(time.time()))]
    if bpf:
        cmd.append(bpf)
    return {
        "Image": IMAGE,
        "Cmd": cmd,
        "Labels": {"purpose": "sidecar-capture", "target": target},
        "HostConfig": {
            "NetworkMode": "container:" + target,
            "Privileged": True,
            "Binds": ["%s:/captures" % os.path.abspath(outdir)],
            "AutoRemove": False,
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("target", help="name or id of the service container")
    ap.add_argument("-i", "--iface", default="eth0")
    ap.add_argument("-f", "--filter", default="")
    ap.add_argument("-t", "--seconds", type=int, default=120)
    ap.add_argument("-o", "--outdir", default="captures")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="sidecar: %(message)s")
    os.makedirs(args.outdir, exist_ok=True)

    engine = Engine(DOCKER_SOCK)
    info = engine.call("GET", "/containers/%s/json" % args.target)
    log.info("target %s (%s) is %s", info["Name"], info["Id"][:12], info["State"]["Status"])
    engine.call("POST", "/images/create?fromImage=%s" % IMAGE.replace(":", "&tag="))

    created = engine.call("POST", "/containers/create?name=cap-%s-%d" % (args.target, os.getpid()),
                          container_spec(args.target, args.outdir, args.iface,
                                         args.filter, args.seconds))
    cid = created["Id"]
    try:
        engine.call("POST", "/containers/%s/start" % cid)
        log.info("capturing for %ds in %s", args.seconds, cid[:12])
        result = engine.call("POST", "/containers/%s/wait" % cid)
        log.info("capture container exited with %s", result.get("StatusCode"))
    except KeyboardInterrupt:
        engine.call("POST", "/containers/%s/stop?t=2" % cid, expect=(204, 304))
    finally:
        engine.call("DELETE", "/containers/%s?force=1" % cid)
    log.info("pcaps are in %s", os.path.abspath(args.outdir))


if __name__ == "__main__":
    main()
