#!/usr/bin/env python3
"""Receive job-status callbacks from the Rx lens lab.

The lab calls back when a job changes state (received, surfacing, glazed,
dispatched, on-hold). Each callback is HMAC-signed with the shared secret
from LAB_WEBHOOK_SECRET. Status updates are appended to
lab_status/<job>.jsonl so the front desk board can show where each pair of
glasses is.

The practice router forwards the callback port to this machine; on start we
make sure the host firewall lets the lab's published address range in.
"""
import argparse
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("lab_webhook")

LAB_RANGES = ["198.51.100.0/26", "198.51.100.192/27"]
VALID_STATES = {"received", "surfacing", "coating", "glazed", "qc",
                "dispatched", "on_hold", "cancelled"}


class FirewallRules:
    chain = "INPUT"
    comment = "rxlab-callbacks"

    def __init__(self, port: int, ranges):
        self.port = port
        self.ranges = [str(ipaddress.ip_network(r)) for r in ranges]
        self.cmd = ["iptables"] if os.geteuid() == 0 else ["sudo", "-n", "iptables"]

    def _rule(self, cidr):
        return [self.chain, "-p", "tcp", "-s", cidr, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]

    def ensure(self):
        if not shutil.which("iptables") and os.geteuid() == 0:
            log.warning("iptables not found, skipping firewall setup")
            return
        for cidr in self.ranges:
            check = subprocess.run(self.cmd + ["-C"] + self._rule(cidr),
                                   capture_output=True)
            if check.returncode == 0:
                continue
            subprocess.run(self.cmd + ["-I"] + self._rule(cidr), check=True)
            log.info("allowed %s -> tcp/%d", cidr, self.port)


class CallbackHandler(BaseHTTPRequestHandler):
    secret = b""
    out_dir = Path("lab_status")
    server_version = "rxlab-callback/0.9"

    def _reply(self, code, msg):
        body = json.dumps({"result": msg}).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path != "/callbacks/job-status":
            return self._reply(404, "not found")
        length = int(self.headers.get("Content-Length", 0))
        if length <= 0 or length > 64 * 1024:
            return self._reply(413, "bad length")
        raw = self.rfile.read(length)
        sig = self.headers.get("X-Lab-Signature", "")
        want = hmac.new(self.secret, raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, want):
            log.warning("bad signature from %s", self.client_address[0])
            return self._reply(401, "bad signature")
        try:
            event = json.loads(raw)
            job = str(event["job"])
            state = event["state"]
        except (ValueError, KeyError):
            return self._reply(400, "malformed")
        if state not in VALID_STATES or not job.isalnum():
            return self._reply(422, "unknown state or job id")
        event["received_at"] = datetime.now(timezone.utc).isoformat()
        self.out_dir.mkdir(exist_ok=True)
        with (self.out_dir / f"{job}.jsonl").open("a") as fh:
            fh.write(json.dumps(event) + "\n")
        log.info("job %s -> %s", job, state)
        return self._reply(200, "ok")

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8770)
    ap.add_argument("--out", type=Path, default=Path("lab_status"))
    ap.add_argument("--skip-firewall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    secret = os.environ.get("LAB_WEBHOOK_SECRET")
    if not secret:
        log.error("LAB_WEBHOOK_SECRET is not set")
        return 2
    CallbackHandler.secret = secret.encode()
    CallbackHandler.out_dir = args.out

    if not args.skip_firewall:
        try:
            FirewallRules(args.port, LAB_RANGES).ensure()
        except subprocess.CalledProcessError as exc:
            log.error("firewall update failed: %s", exc)
            return 3

    httpd = ThreadingHTTPServer((args.bind, args.port), CallbackHandler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
