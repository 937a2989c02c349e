#!/usr/bin/env python3
"""Run the hotspot-detection model over a folder of drone thermal images.

The detector ships as a container image that needs the GPU and the camera
vendor's USB dongle for radiometric calibration. This launcher talks to the
local container engine directly (no docker CLI on the survey workstation),
starts one job per flight folder and collects the hotspot CSVs.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("thermal_runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("HOTSPOT_IMAGE", "registry.example.com/pv/hotspot:3.2")
API_VER = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX socket."""

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
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/%s%s" % (API_VER, path), payload, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def run_job(self, flight_dir, out_dir):
        spec = {
            "Image": IMAGE,
            "Cmd": ["detect", "--in", "/data/in", "--out", "/data/out"],
            "HostConfig": {
                # GPU + USB dongle access; device cgroup rules are unreliable
                # with the dongle driver, so the job runs with full device access
                "Privileged": True,
                "Binds": ["%s:/data/in:ro" % os.path.abspath(flight_dir),
                          "%s:/data/out" % os.path.abspath(out_dir)],
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid

    def wait(self, cid, poll=5):
        while True:
            state = self.call("GET", "/containers/%s/json" % cid)["State"]
            if not state.get("Running"):
                return state.get("ExitCode", -1)
            time.sleep(poll)

    def remove(self, cid):
        try:
            self.call("DELETE", "/containers/%s?force=1" % cid)
        except RuntimeError as exc:
            log.warning("cleanup of %s failed: %s", cid[:12], exc)


def flight_dirs(root):
    for name in sorted(os.listdir(root)):
        p = os.path.join(root, name)
        if os.path.isdir(p) and any(f.lower().endswith(".jpg") for f in os.listdir(p)):
            yield name, p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("survey_root")
    ap.add_argument("--out", default="hotspots")
    ap.add_argument("--keep", action="store_true", help="keep containers")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    results = {}
    for name, path in flight_dirs(args.survey_root):
        out_dir = os.path.join(args.out, name)
        os.makedirs(out_dir, exist_ok=True)
        log.info("flight %s: starting job", name)
        try:
            cid = engine.run_job(path, out_dir)
        except (OSError, RuntimeError) as exc:
            log.error("flight %s: could not start: %s", name, exc)
            results[name] = "start-failed"
            continue
        code = engine.wait(cid)
        results[name] = "ok" if code == 0 else "exit %d" % code
        if not args.keep:
            engine.remove(cid)
    with open(os.path.join(args.out, "summary.json"), "w") as fh:
        json.dump(results, fh, indent=2)
    log.info("done: %s", results)


if __name__ == "__main__":
    main()
