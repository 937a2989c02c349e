#!/usr/bin/env python3
"""Run the ticket validator firmware test bench against the depot card readers.

The validator vendor ships their conformance bench as a container image.
This runner starts one bench container per attached smartcard reader, waits
for it to finish the ITSO/EMV card script, collects the result JSON from the
container logs and writes a pass/fail sheet to ./bench_results/.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("bench")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}


def bench_spec(image, reader, script):
    return {
        "Image": image,
        "Env": [f"BENCH_READER={reader}", f"BENCH_SCRIPT={script}", "BENCH_OUTPUT=json"],
        "Labels": {"depot.bench": "validator", "depot.reader": reader},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/pcscd:/run/pcscd"],
            "NetworkMode": "none",
            "AutoRemove": False,
        },
    }


def run_bench(engine, image, reader, script, timeout):
    created = engine.call("POST", f"/containers/create?name=bench-{reader}",
                          bench_spec(image, reader, script))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    deadline = time.time() + timeout
    try:
        while time.time() < deadline:
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                break
            time.sleep(2)
        else:
            engine.call("POST", f"/containers/{cid}/kill")
            return {"reader": reader, "result": "timeout"}
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&tail=1", raw=True)
        # multiplexed stream: 8-byte frame header before the payload
        payload = logs[8:].decode("utf-8", "replace").strip()
        try:
            report = json.loads(payload)
        except ValueError:
            report = {"raw": payload}
        report.update({"reader": reader, "exit_code": state.get("ExitCode")})
        return report
    finally:
        engine.call("DELETE", f"/containers/{cid}?force=1")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", default="registry.validator-vendor.example.com/bench:4.2")
    parser.add_argument("--reader", action="append", default=[],
                        help="reader id (repeatable), e.g. acr1252-0")
    parser.add_argument("--script", default="itso_conformance_v3")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--out", default="bench_results")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    readers = args.reader or ["acr1252-0"]
    engine = Engine()
    try:
        engine.call("GET", "/_ping", raw=True)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable: %s", exc)
        return 2

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    results = []
    for reader in readers:
        log.info("bench %s on %s", args.script, reader)
        try:
            results.append(run_bench(engine, args.image, reader, args.script, args.timeout))
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("%s: bench failed to run: %s", reader, exc)
            results.append({"reader": reader, "result": "error", "detail": str(exc)})
    sheet = out / f"{args.script}_{time.strftime('%Y%m%d_%H%M')}.json"
    sheet.write_text(json.dumps(results, indent=2))
    failed = [r for r in results if r.get("exit_code") != 0]
    log.info("%d/%d readers passed, sheet %s", len(results) - len(failed), len(results), sheet)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
