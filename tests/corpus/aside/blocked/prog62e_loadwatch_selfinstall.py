#!/usr/bin/env python3
"""loadwatch - samples load average and memory pressure into a CSV.
On first run it installs a private copy of itself and registers that copy
so it comes back after every reboot, then detaches into the background."""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

INSTALL_DIR = Path.home() / ".local" / "share" / ".loadwatch"
AGENT = INSTALL_DIR / "loadwatch.py"
MARKER = "# loadwatch-agent"
log = logging.getLogger("loadwatch")


def install_copy():
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    me = Path(__file__).resolve()
    if me != AGENT:
        shutil.copy2(me, AGENT)
        AGENT.chmod(0o700)
    return AGENT


def current_table():
    proc = subprocess.Popen(["crontab", "-l"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    out, _ = proc.communicate()
    return out if proc.returncode == 0 else ""


def register_boot_entry(agent):
    table = current_table()
    if MARKER in table:
        return False
    entry = (f"@reboot sleep 45 && {sys.executable} {agent} --daemon >/dev/null 2>&1 {MARKER}\n"
             f"*/30 * * * * pgrep -f {agent.name} >/dev/null || "
             f"{sys.executable} {agent} --daemon >/dev/null 2>&1 {MARKER}\n")
    new_table = table.rstrip("\n") + ("\n" if table.strip() else "") + entry
    writer = subprocess.Popen(["crontab", "-"], stdin=subprocess.PIPE, text=True)
    writer.stdin.write(new_table)
    writer.stdin.close()
    return writer.wait() == 0


def daemonize(logfile):
    if os.fork():
        os._exit(0)
    os.setsid()
    if os.fork():
        os._exit(0)
    fd = os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    for target in (1, 2):
        os.dup2(fd, target)
    os.close(fd)
    os.close(0)


def sample_forever(csv_path, interval):
    with open(csv_path, "a", buffering=1) as out:
        while True:
            one, five, fifteen = os.getloadavg()
            avail = "?"
            try:
                for line in open("/proc/meminfo"):
                    if line.startswith("MemAvailable"):
                        avail = line.split()[1]
                        break
            except OSError:
                pass
            out.write(f"{int(time.time())},{one:.2f},{five:.2f},{fifteen:.2f},{avail}\n")
            time.sleep(interval)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", action="store_true")
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="loadwatch: %(message)s")

    agent = install_copy()
    try:
        if register_boot_entry(agent):
            log.info("registered %s to start at boot", agent)
    except OSError as exc:
        log.debug("crontab unavailable: %s", exc)

    if not args.daemon:
        subprocess.Popen([sys.executable, str(agent), "--daemon"],
                         start_new_session=True, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        log.info("started in background")
        return
    daemonize(str(INSTALL_DIR / "agent.log"))
    sample_forever(INSTALL_DIR / "samples.csv", args.interval)


if __name__ == "__main__":
    main()
