#!/usr/bin/env python3
"""Start / stop / status for a detached static preview of ./public so that
teammates on the office LAN can look at the generated site.  The server
survives this terminal (own session, output to ./preview.log)."""
import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("preview")
STATE_DIR = Path(".preview")
PID_FILE = STATE_DIR / "server.pid"
LOG_FILE = Path("preview.log")


def read_pid():
    try:
        pid = int(PID_FILE.read_text().strip())
        os.kill(pid, 0)
        return pid
    except (FileNotFoundError, ValueError, ProcessLookupError):
        return None
    except PermissionError:
        return None


def start(site_dir, port, host):
    if read_pid():
        log.info("already running (pid %s)", read_pid())
        return 0
    if not Path(site_dir).is_dir():
        log.error("%s does not exist - run the site build first", site_dir)
        return 1
    STATE_DIR.mkdir(exist_ok=True)
    argv = [sys.executable, "-m", "http.server", str(port),
            "--bind", host, "--directory", site_dir]
    log_fh = open(LOG_FILE, "ab", buffering=0)
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=log_fh,
        stderr=subprocess.STDOUT,
        start_new_session=True,   # like setsid + nohup: immune to terminal hangup
        close_fds=True,
    )
    log_fh.close()
    time.sleep(0.5)
    if proc.poll() is not None:
        log.error("server exited immediately, see %s", LOG_FILE)
        return 1
    PID_FILE.write_text(f"{proc.pid}\n")
    log.info("serving %s on http://%s:%d/ (pid %d)", site_dir, host, port, proc.pid)
    return 0


def stop():
    pid = read_pid()
    if not pid:
        log.info("not running")
        PID_FILE.unlink(missing_ok=True)
        return 0
    os.killpg(pid, signal.SIGTERM)
    for _ in range(20):
        if not read_pid():
            break
        time.sleep(0.1)
    else:
        os.killpg(pid, signal.SIGKILL)
    PID_FILE.unlink(missing_ok=True)
    log.info("stopped pid %d", pid)
    return 0


def status():
    pid = read_pid()
    print(f"running (pid {pid})" if pid else "stopped")
    if LOG_FILE.exists():
        print("".join(LOG_FILE.read_text(errors="replace").splitlines(True)[-5:]), end="")
    return 0 if pid else 3


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["start", "stop", "restart", "status"])
    ap.add_argument("--dir", default="public")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="preview: %(message)s")

    if args.action == "start":
        return start(args.dir, args.port, args.host)
    if args.action == "stop":
        return stop()
    if args.action == "restart":
        stop()
        return start(args.dir, args.port, args.host)
    return status()


if __name__ == "__main__":
    sys.exit(main())
