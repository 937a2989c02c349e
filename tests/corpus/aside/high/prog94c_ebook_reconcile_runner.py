#!/usr/bin/env python3
"""Run the e-book loan reconciler in its pinned container image.

The reconciler compares the lending platform's loan report with the ILS
checkout export and writes a discrepancy CSV.  It ships as a container
image so every branch runs the same version; this wrapper starts it against
the current working directory (where the two exports live), streams its log
and reports the exit status, without needing the docker CLI on the
circulation workstation.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("recon-runner")
DEFAULT_IMAGE = "registry.valleylibraries-consortium.org/ebook-reconciler:1.8.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{self.api}{path}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def ensure_image(self, image):
        name, _, tag = image.rpartition(":")
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            LOG.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)

    def run(self, image, workdir, args, env):
        spec = {
            "Image": image,
            "Cmd": args,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "WorkingDir": "/data",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir}:/data"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create?name=ebook-recon-%d" % int(time.time()), spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        LOG.info("started container %s", cid[:12])
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):  # multiplexed stream frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default=os.environ.get("RECON_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--platform-report", default="platform_loans.csv")
    ap.add_argument("--ils-export", default="ils_checkouts.csv")
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    for f in (args.platform_report, args.ils_export):
        if not os.path.exists(f):
            LOG.error("missing input %s", f)
            return 1

    engine = Engine(args.socket)
    try:
        engine.ensure_image(args.image)
        cid = engine.run(
            args.image, os.getcwd(),
            ["reconcile", "--platform", args.platform_report, "--ils", args.ils_export,
             "--out", "discrepancies.csv"],
            {"TZ": os.environ.get("TZ", "UTC")},
        )
        status = engine.wait(cid)
        sys.stdout.write(engine.logs(cid))
        if not args.keep:
            engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine error: %s", exc)
        return 2
    LOG.info("reconciler exited with %s", status)
    return status


if __name__ == "__main__":
    sys.exit(main())
