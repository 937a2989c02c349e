#!/usr/bin/env python3
"""focus-mode: pomodoro timer that blocks distracting sites while you work.

    focus_mode.py start [--minutes 50] [--list ~/.config/focus/blocklist.txt]
    focus_mode.py stop
    focus_mode.py status

During a session the domains in the blocklist resolve to 0.0.0.0 via a
marked block in the hosts file; the block is removed when the timer ends
or on Ctrl-C. Sessions are appended to ~/.local/share/focus/sessions.csv.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import shutil
import signal
import sys
import time
from pathlib import Path

log = logging.getLogger("focus")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> focus-mode >>>"
END = "# <<< focus-mode <<<"
DATA = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "focus"
DEFAULT_LIST = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "focus/blocklist.txt"
BUILTIN = ["news.ycombinator.com", "reddit.com", "www.reddit.com", "twitter.com",
           "x.com", "www.youtube.com", "youtube.com", "www.facebook.com"]


def ensure_privileges(argv):
    """The hosts file is root-owned; re-launch through polkit when needed."""
    if os.geteuid() == 0:
        return
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        sys.exit("focus-mode needs root to edit the hosts file (no pkexec/sudo found)")
    env_args = ["env", f"HOME={Path.home()}", f"FOCUS_USER={os.environ.get('USER', '')}"]
    os.execvp(helper, [helper, *env_args, sys.executable, os.path.abspath(__file__), *argv])


def load_blocklist(path):
    p = Path(path).expanduser()
    if not p.exists():
        return list(BUILTIN)
    out = []
    for line in p.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
            if not line.startswith("www."):
                out.append("www." + line)
    return sorted(set(out))


def strip_block(text):
    lines, skipping = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            skipping = True
        elif line.strip() == END:
            skipping = False
        elif not skipping:
            lines.append(line)
    return "\n".join(lines).rstrip("\n") + "\n"


def write_hosts(domains):
    base = strip_block(HOSTS.read_text())
    if domains:
        block = [BEGIN] + [f"0.0.0.0 {d}" for d in domains] + [END]
        base += "\n".join(block) + "\n"
    tmp = HOSTS.with_name(".hosts.focus")
    tmp.write_text(base)
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS)


def record(start, minutes, completed):
    DATA.mkdir(parents=True, exist_ok=True)
    with open(DATA / "sessions.csv", "a", newline="") as fh:
        csv.writer(fh).writerow([start.isoformat(timespec="seconds"), minutes, int(completed)])


def run_session(minutes, domains):
    start = dt.datetime.now()
    done = False

    def _stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    write_hosts(domains)
    log.info("blocking %d domains for %d minutes", len(domains), minutes)
    try:
        end = time.monotonic() + minutes * 60
        while (left := end - time.monotonic()) > 0:
            print(f"\r focus: {int(left // 60):02d}:{int(left % 60):02d} ", end="", flush=True)
            time.sleep(1)
        done = True
        print("\a\nsession complete, take a break")
    except KeyboardInterrupt:
        print("\nsession interrupted")
    finally:
        write_hosts([])
        record(start, minutes, done)


def main():
    ap = argparse.ArgumentParser(description="pomodoro timer with site blocking")
    ap.add_argument("cmd", choices=["start", "stop", "status"], nargs="?", default="start")
    ap.add_argument("--minutes", type=int, default=50)
    ap.add_argument("--list", default=str(DEFAULT_LIST))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cmd == "status":
        active = BEGIN in HOSTS.read_text()
        print("focus block active" if active else "no focus block")
        return 0

    ensure_privileges(sys.argv[1:])
    if args.cmd == "stop":
        write_hosts([])
        print("focus block removed")
        return 0
    run_session(args.minutes, load_blocklist(args.list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
