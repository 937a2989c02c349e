#!/usr/bin/env python3
"""Run the payroll bureau's export container for instructor pay.

The bureau ships its file converter as a container image.  This wrapper
hands it the month's pay CSV (from instructor_pay_report) and collects the
bureau-format file it writes, without needing the docker CLI on the studio
server - it talks to the engine API directly.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("payroll-export")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "registry.payrollbureau.example/converters/studio-export:2.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}")

    def create(self, spec, name):
        out = self.call("POST", f"/containers/create?name={quote(name)}", body=spec)
        return json.loads(out)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return json.loads(self.call("POST", f"/containers/{cid}/wait"))["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        lines, i = [], 0
        while i + 8 <= len(raw):  # multiplexed stream frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            lines.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(lines)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def container_spec(pay_csv, out_dir, period, bureau_id):
    return {
        "Image": IMAGE,
        "Cmd": ["convert", "--in", f"/in/{pay_csv.name}", "--out", "/out",
                "--period", period, "--employer", bureau_id],
        "User": "1000:1000",
        "NetworkDisabled": True,
        "HostConfig": {
            "Binds": [f"{pay_csv.parent.resolve()}:/in:ro", f"{out_dir.resolve()}:/out:rw"],
            "AutoRemove": False,
            "Memory": 256 * 1024 * 1024,
        },
        "Labels": {"studio.job": "payroll-export", "studio.period": period},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("period", help="YYYY-MM")
    ap.add_argument("--pay-dir", default="payroll")
    ap.add_argument("--employer", default="STUDIO-0042")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pay_csv = Path(args.pay_dir) / f"pay_{args.period}.csv"
    if not pay_csv.is_file():
        log.error("%s not found; run the pay report first", pay_csv)
        return 2
    out_dir = Path(args.pay_dir) / "bureau"
    out_dir.mkdir(parents=True, exist_ok=True)

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        name = f"payroll-export-{args.period}-{int(time.time())}"
        cid = engine.create(container_spec(pay_csv, out_dir, args.period, args.employer), name)
        engine.start(cid)
        code = engine.wait(cid)
        output = engine.logs(cid)
        engine.remove(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("docker engine: %s", exc)
        return 1

    sys.stdout.write(output)
    if code != 0:
        log.error("converter exited with %d", code)
        return 1
    for f in sorted(out_dir.glob(f"*{args.period}*")):
        log.info("bureau file ready: %s", f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
