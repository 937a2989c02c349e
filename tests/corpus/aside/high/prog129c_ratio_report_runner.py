#!/usr/bin/env python3
"""Run the monthly ratio compliance report in its container.

The report generator (ratio-report image, built by the group's IT
contractor) turns a month of sign-in sheets into the PDF pack the manager
keeps for Ofsted. This wrapper starts it against ./data, waits for it,
streams its log and leaves the PDF in ./reports - without needing the
docker CLI installed on the office machine.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import date
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("ratio-report")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
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

    def call(self, method, path, body=None, raw=False, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        conn.request(method, API + path, body=data, headers=headers)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, payload[:200]))
        if raw:
            return payload
        return json.loads(payload) if payload else None

    def ensure_image(self, image):
        try:
            info = self.call("GET", "/images/%s/json" % quote(image, safe=""))
        except RuntimeError:
            raise RuntimeError("image %s is not loaded; run 'docker load -i ratio-report.tar' "
                               "with the file IT supplied" % image)
        log.info("using %s (%s)", image, info["Id"][7:19])

    def run(self, image, cmd, binds, env):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": ["%s=%s" % kv for kv in env.items()],
            "User": "%d:%d" % (os.getuid(), os.getgid()),
            "HostConfig": {"Binds": binds, "NetworkMode": "none", "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create?name=ratio-report-%d" % int(time.time()),
                        spec)["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid

    def wait(self, cid):
        return self.call("POST", "/containers/%s/wait" % cid, timeout=3600)["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid, raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):  # multiplexed stream: 8-byte header per frame
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode(errors="replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", "/containers/%s?force=1" % cid)


def previous_month():
    today = date.today()
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return "%04d-%02d" % (year, month)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--month", default=previous_month(), help="YYYY-MM (default: last month)")
    ap.add_argument("--image", default="nursery/ratio-report:2.4")
    ap.add_argument("--data", default="data")
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--setting", default=os.environ.get("SETTING_NAME", "Nursery"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    data, reports = Path(args.data).resolve(), Path(args.reports).resolve()
    if not data.is_dir():
        log.error("no data folder at %s", data)
        return 1
    reports.mkdir(exist_ok=True)
    engine = Engine(DOCKER_SOCK)
    try:
        engine.ensure_image(args.image)
        cid = engine.run(args.image, ["--month", args.month, "--in", "/data", "--out", "/reports"],
                         ["%s:/data:ro" % data, "%s:/reports" % reports],
                         {"SETTING_NAME": args.setting, "TZ": "Europe/London"})
    except (OSError, RuntimeError) as exc:
        log.error("could not start report container: %s", exc)
        return 1
    log.info("report container %s started for %s", cid[:12], args.month)
    try:
        code = engine.wait(cid)
        sys.stdout.write(engine.logs(cid))
    finally:
        engine.remove(cid)
    if code:
        log.error("report generator exited with %d", code)
        return code
    pdfs = sorted(reports.glob("*%s*.pdf" % args.month))
    log.info("done: %s", ", ".join(p.name for p in pdfs) or "no PDF produced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
