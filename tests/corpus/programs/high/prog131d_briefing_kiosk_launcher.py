#!/usr/bin/env python3
"""Launch (or relaunch) the skydiving centre's briefing kiosk container.

The kiosk image shows the manifest load board, winds aloft and the landing
pattern of the day on the hangar TV. It needs the FLARM receiver on the USB
serial port and the TV's framebuffer, so it is started with device access.
Talks to the Docker Engine API directly so the kiosk PC doesn't need the
docker CLI installed.

    briefing_kiosk_launcher.py --image registry.dz-manifest.co.uk/kiosk:2.3
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("kiosk")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
NAME = "briefing-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return resp.status, json.loads(raw)
        return resp.status, raw

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        if not repo or "/" in tag:
            repo, tag = image, "latest"
        self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag})

    def remove_existing(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}", query={"force": "true"},
                              ok=(204, 404))
        if status == 204:
            log.info("removed previous %s container", name)

    def run_kiosk(self, image, env, devices):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
                "Devices": [{"PathOnHost": d, "PathInContainer": d,
                             "CgroupPermissions": "rwm"} for d in devices],
            },
        }
        _, created = self.call("POST", "/containers/create", body=spec, query={"name": NAME})
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def wait_healthy(engine, cid, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        _, info = engine.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        if state.get("Running"):
            return True
        if state.get("Status") in ("exited", "dead"):
            log.error("kiosk exited with code %s", state.get("ExitCode"))
            return False
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.dz-manifest.co.uk/kiosk:2.3")
    ap.add_argument("--manifest-url", default="https://manifest.dz-manifest.co.uk/board")
    ap.add_argument("--device", action="append", default=["/dev/ttyUSB0", "/dev/fb0"])
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_existing(NAME)
        cid = engine.run_kiosk(args.image, {"MANIFEST_URL": args.manifest_url,
                                            "DISPLAY_ROTATE": "0"}, args.device)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("could not start kiosk: %s", exc)
        return 1
    if wait_healthy(engine, cid):
        log.info("kiosk running as %s", cid[:12])
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
