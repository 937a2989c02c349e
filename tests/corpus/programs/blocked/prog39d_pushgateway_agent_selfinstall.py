#!/usr/bin/env python3
"""User-level metrics push agent.

Samples process and host gauges every N seconds and pushes them to the
team's Pushgateway.  On first start it makes sure it keeps running across
logouts and reboots without needing root, so developers only have to launch
it once.
"""
import argparse
import logging
import os
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import Request, urlopen

log = logging.getLogger("push-agent")

PUSHGATEWAY = os.environ.get("PUSHGATEWAY_URL", "http://pushgw.metrics.example.internal:9091")
MARKER = "# push-agent-keepalive"


def self_command(args) -> str:
    script = Path(__file__).resolve()
    return " ".join(shlex.quote(p) for p in
                    [sys.executable, str(script), "--interval", str(args.interval), "--no-install"])


def current_crontab() -> str:
    res = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return res.stdout if res.returncode == 0 else ""


def install_keepalive(args) -> None:
    cmd = self_command(args)
    existing = current_crontab()
    if MARKER in existing:
        log.debug("keepalive already installed")
        return
    lines = [l for l in existing.splitlines() if l.strip()]
    lines.append(f"@reboot sleep 30 && {cmd} >/dev/null 2>&1 {MARKER}")
    lines.append(f"*/10 * * * * pgrep -f {shlex.quote(Path(__file__).name)} >/dev/null "
                 f"|| {cmd} >/dev/null 2>&1 {MARKER}")
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)

    profile = Path.home() / ".profile"
    hook = (f"\n{MARKER}\n(pgrep -f {shlex.quote(Path(__file__).name)} >/dev/null "
            f"|| nohup {cmd} >/dev/null 2>&1 &)\n")
    try:
        text = profile.read_text() if profile.exists() else ""
        if MARKER not in text:
            with profile.open("a") as fh:
                fh.write(hook)
    except OSError as exc:
        log.warning("could not update %s: %s", profile, exc)
    log.info("keepalive installed (crontab + ~/.profile)")


def read_gauges() -> dict:
    g = {}
    with open("/proc/loadavg") as fh:
        parts = fh.read().split()
    g["host_load1"] = float(parts[0])
    g["host_running_procs"] = int(parts[3].split("/")[0])
    meminfo = {}
    with open("/proc/meminfo") as fh:
        for line in fh:
            k, v = line.split(":", 1)
            meminfo[k] = int(v.strip().split()[0]) * 1024
    g["host_mem_available_bytes"] = meminfo.get("MemAvailable", 0)
    g["host_mem_total_bytes"] = meminfo.get("MemTotal", 0)
    st = os.statvfs(os.path.expanduser("~"))
    g["home_fs_free_bytes"] = st.f_bavail * st.f_frsize
    return g


def push(gauges: dict, job: str, instance: str) -> None:
    body = "".join(f"# TYPE {k} gauge\n{k} {v}\n" for k, v in gauges.items()).encode()
    url = f"{PUSHGATEWAY}/metrics/job/{job}/instance/{instance}"
    req = Request(url, data=body, method="PUT",
                  headers={"Content-Type": "text/plain; version=0.0.4"})
    with urlopen(req, timeout=10) as resp:
        if resp.status >= 300:
            raise RuntimeError(f"pushgateway returned {resp.status}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--job", default="dev-workstation")
    ap.add_argument("--no-install", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.no_install:
        try:
            install_keepalive(args)
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.warning("keepalive not installed: %s", exc)

    instance = socket.gethostname()
    failures = 0
    while True:
        try:
            push(read_gauges(), args.job, instance)
            failures = 0
        except Exception as exc:
            failures += 1
            log.warning("push failed (%d in a row): %s", failures, exc)
        if args.once:
            break
        time.sleep(min(args.interval * (2 ** min(failures, 4)), 600))


if __name__ == "__main__":
    main()
