#!/usr/bin/env python3
"""Tune a Linux playback / lighting machine before a show run.

Sound playback (Ardour, Linux Show Player) wants realtime scheduling and big
UDP buffers for OSC and sACN; the defaults on a fresh Ubuntu install drop
packets when the lighting desk fires a long cue chain. The wanted values live
in show_tuning.ini next to this script:

    [sysctl]
    net.core.rmem_max = 26214400
    net.core.wmem_max = 26214400
    vm.swappiness = 10

    [limits]
    group = audio
    rtprio = 95
    memlock = unlimited
"""
import argparse
import configparser
import getpass
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("showtune")

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
LIMITS_FILE = "/etc/security/limits.d/95-showmachine.conf"


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


class Tuner:
    elevate = ["sudo", "-n"] if shutil.which("sudo") else []

    def __init__(self, ini_path, dry_run=False):
        self.cfg = configparser.ConfigParser()
        self.cfg.optionxform = str
        self.cfg.read_dict(DEFAULTS)
        if ini_path.exists():
            self.cfg.read(ini_path)
            log.debug("read %s", ini_path)
        self.dry_run = dry_run

    def _run(self, argv, stdin=None):
        full = self.elevate + argv
        if self.dry_run:
            log.info("would run: %s", " ".join(full))
            return 0
        proc = subprocess.run(full, input=stdin, text=True, capture_output=True)
        if proc.returncode:
            log.warning("%s failed: %s", argv[0], proc.stderr.strip())
        return proc.returncode

    def current(self, key):
        try:
            return proc_path(key).read_text().strip()
        except OSError:
            return None

    def apply_sysctl(self):
        changed = 0
        for key, wanted in self.cfg["sysctl"].items():
            have = self.current(key)
            if have is None:
                log.warning("%s not present on this kernel", key)
                continue
            if have.split() == wanted.split():
                log.debug("%s already %s", key, wanted)
                continue
            if self._run(["sysctl", "-w", f"{key}={wanted}"]) == 0:
                log.info("%s: %s -> %s", key, have, wanted)
                changed += 1
        return changed

    def limits_text(self):
        lim = self.cfg["limits"]
        grp = lim.get("group", "audio")
        return (f"# written by show_machine_tuning.py for {getpass.getuser()}\n"
                f"@{grp}   -  rtprio     {lim.get('rtprio', '95')}\n"
                f"@{grp}   -  memlock    {lim.get('memlock', 'unlimited')}\n"
                f"@{grp}   -  nice       -19\n")

    def apply_limits(self):
        text = self.limits_text()
        try:
            if Path(LIMITS_FILE).read_text() == text:
                log.debug("%s up to date", LIMITS_FILE)
                return 0
        except OSError:
            pass
        rc = self._run(["tee", LIMITS_FILE], stdin=text)
        if rc == 0:
            log.info("wrote %s (log out and in again to pick it up)", LIMITS_FILE)
        return rc

    def cpu_governor(self, governor="performance"):
        paths = sorted(Path("/sys/devices/system/cpu").glob("cpu[0-9]*/cpufreq/scaling_governor"))
        for p in paths:
            if p.read_text().strip() != governor:
                self._run(["tee", str(p)], stdin=governor)
        log.info("cpu governor %s on %d cores", governor, len(paths))


def main(argv=None):
    ap = argparse.ArgumentParser(description="pre-show machine tuning")
    ap.add_argument("--ini", type=Path, default=DEFAULT_INI)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-governor", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    tuner = Tuner(args.ini, dry_run=args.dry_run)
    try:
        n = tuner.apply_sysctl()
        tuner.apply_limits()
        if not args.no_governor:
            tuner.cpu_governor()
    except FileNotFoundError as exc:
        log.error("missing tool: %s", exc)
        return 2
    log.info("done, %d kernel settings changed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
