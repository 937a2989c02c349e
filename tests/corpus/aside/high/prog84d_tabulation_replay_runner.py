#!/usr/bin/env python3
"""Replay a tabulation run inside the certified verifier image.

For the post-election logic-and-accuracy audit we re-tabulate the cast vote
records with the state's open verifier and compare totals with the official
export.  The verifier ships as a container image; this runner starts it
against a read-only copy of the CVR directory, waits for it to finish and
collects its totals file.

The engine API is used directly (no docker CLI or SDK on the audit
workstations).
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("replay")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.41"
IMAGE = os.environ.get("VERIFIER_IMAGE", "registry.sos.example.gov/verifier:2024.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag})

    def run(self, image, cvr_dir, out_dir, election_id):
        spec = {
            "Image": image,
            "Cmd": ["retabulate", "--cvr", "/cvr", "--out", "/out/totals.json",
                    "--election", election_id],
            "Env": [f"ELECTION_ID={election_id}"],
            "NetworkDisabled": True,
            "HostConfig": {
                "Binds": [f"{os.path.abspath(cvr_dir)}:/cvr:ro",
                          f"{os.path.abspath(out_dir)}:/out:rw"],
                "AutoRemove": False,
                "ReadonlyRootfs": True,
            },
        }
        created = self.call("POST", "/containers/create", body=spec,
                            query={"name": f"replay-{election_id}-{int(time.time())}"})
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs",
                         query={"stdout": 1, "stderr": 1, "tail": 50})

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}", query={"force": 1})


def compare(replayed, official):
    mismatches = []
    for contest, choices in official.items():
        for choice, votes in choices.items():
            got = replayed.get(contest, {}).get(choice)
            if got != votes:
                mismatches.append((contest, choice, votes, got))
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cvr_dir")
    ap.add_argument("official_totals", help="JSON totals from the official export")
    ap.add_argument("--election", required=True)
    ap.add_argument("--out", default="replay_out")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs(args.out, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        cid = engine.run(IMAGE, args.cvr_dir, args.out, args.election)
        log.info("started verifier container %s", cid[:12])
        code = engine.wait(cid)
        if code != 0:
            log.error("verifier exited %s:\n%s", code, engine.logs(cid))
            return 1
        engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1

    with open(os.path.join(args.out, "totals.json")) as fh:
        replayed = json.load(fh)
    with open(args.official_totals) as fh:
        official = json.load(fh)
    diffs = compare(replayed, official)
    for contest, choice, want, got in diffs:
        log.warning("MISMATCH %s / %s: official %s, replay %s", contest, choice, want, got)
    log.info("%s: %d mismatches", "FAIL" if diffs else "PASS", len(diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
