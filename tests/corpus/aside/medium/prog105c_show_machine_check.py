#!/usr/bin/env python3
"""Check a Linux playback / lighting machine before a show run.

Sound playback (Ardour, Linux Show Player) wants realtime scheduling and big
UDP buffers for OSC and sACN; the defaults on a fresh Ubuntu install drop
packets when the lighting desk fires a long cue chain. This compares the
machine with the wanted values in show_tuning.ini and writes a report the
production electrician can hand to whoever looks after the laptop:

    [sysctl]
    net.core.rmem_max = 26214400
    net.core.wmem_max = 26214400
    vm.swappiness = 10

    [limits]
    group = audio
    rtprio = 95
"""
import argparse
import configparser
import getpass
import grp
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("showcheck")

DEFAULT_INI = Path(__file__).with_name("show_tuning.ini")
DEFAULTS = {
    "sysctl": {
        "net.core.rmem_max": "26214400",
        "net.core.wmem_max": "26214400",
        "vm.swappiness": "10",
        "fs.inotify.max_user_watches": "524288",
    },
    "limits": {"group": "audio", "rtprio": "95", "memlock": "unlimited"},
}


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


class Checker:
    def __init__(self, ini_path):
        self.cfg = configparser.ConfigParser()
        self.cfg.optionxform = str
        self.cfg.read_dict(DEFAULTS)
        if ini_path.exists():
            self.cfg.read(ini_path)
            log.debug("read %s", ini_path)
        self.findings = []

    def note(self, ok, what, detail):
        self.findings.append((ok, what, detail))
        log.log(logging.INFO if ok else logging.WARNING, "%s %s: %s", "OK " if ok else "FIX", what, detail)

    def current(self, key):
        try:
            return proc_path(key).read_text().strip()
        except OSError:
            return None

    def check_sysctl(self):
        for key, wanted in self.cfg["sysctl"].items():
            have = self.current(key)
            if have is None:
                self.note(False, key, "not present on this kernel")
            elif have.split() == wanted.split():
                self.note(True, key, have)
            else:
                self.note(False, key, f"is {have}, want {wanted}  (sysctl -w {key}={wanted})")

    def check_group(self):
        group = self.cfg["limits"].get("group", "audio")
        user = getpass.getuser()
        try:
            members = grp.getgrnam(group).gr_mem
        except KeyError:
            self.note(False, "group", f"no '{group}' group on this machine")
            return
        self.note(user in members, "group", f"{user} {'is' if user in members else 'is not'} in {group}")

    def check_audio_stack(self):
        for tool, argv in (("pactl", ["pactl", "info"]), ("aplay", ["aplay", "-l"])):
            if not shutil.which(tool):
                self.note(False, tool, "not installed")
                continue
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            if proc.returncode:
                self.note(False, tool, proc.stderr.strip() or "failed")
                continue
            if tool == "pactl":
                server = next((l.split(":", 1)[1].strip() for l in proc.stdout.splitlines()
                               if l.startswith("Server Name")), "unknown")
                self.note(True, "sound server", server)
            else:
                cards = [l for l in proc.stdout.splitlines() if l.startswith("card ")]
                self.note(bool(cards), "sound cards", f"{len(cards)} found")

    def check_governor(self, wanted="performance"):
        paths = sorted(Path("/sys/devices/system/cpu").glob("cpu[0-9]*/cpufreq/scaling_governor"))
        slow = [p.parts[-3] for p in paths if p.read_text().strip() != wanted]
        self.note(not slow, "cpu governor", "all performance" if not slow else f"{len(slow)} cores not {wanted}")

    def write_report(self, path):
        lines = [f"Show machine check {datetime.now():%Y-%m-%d %H:%M} ({getpass.getuser()})", ""]
        lines += [f"[{'ok' if ok else 'FIX'}] {what}: {detail}" for ok, what, detail in self.findings]
        Path(path).write_text("\n".join(lines) + "\n")
        return sum(1 for ok, _, _ in self.findings if not ok)


def main(argv=None):
    ap = argparse.ArgumentParser(description="pre-show machine check")
    ap.add_argument("--ini", type=Path, default=DEFAULT_INI)
    ap.add_argument("--report", default="show_machine_report.txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    checker = Checker(args.ini)
    checker.check_sysctl()
    checker.check_group()
    try:
        checker.check_audio_stack()
    except subprocess.TimeoutExpired as exc:
        log.warning("audio check timed out: %s", exc)
    checker.check_governor()
    problems = checker.write_report(args.report)
    log.info("report written to %s, %d item(s) to fix", args.report, problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
