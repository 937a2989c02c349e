#!/usr/bin/env python3
"""Collect logcat and basic device facts from every attached Android test phone.

Used by the companion-app QA team: plug phones into the USB hub, run the
collector, attach the resulting folder to the bug report.
"""
import argparse
import datetime as dt
import json
import logging
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("adbcollect")

PROPS = {
    "model": "ro.product.model",
    "android": "ro.build.version.release",
    "sdk": "ro.build.version.sdk",
    "fingerprint": "ro.build.fingerprint",
}


class AdbDevice:
    def __init__(self, adb, serial):
        self.adb = adb
        self.serial = serial

    def _run(self, *args, timeout=30):
        cmd = [self.adb, "-s", self.serial, *args]
        log.debug("running %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed: {proc.stderr.strip()}")
        return proc.stdout

    def getprop(self, name):
        return self._run("shell", "getprop", name).strip()

    def facts(self):
        return {key: self.getprop(prop) for key, prop in PROPS.items()}

    def logcat(self, buffers, package=None):
        args = ["logcat", "-d", "-v", "threadtime"]
        for b in buffers:
            args += ["-b", b]
        text = self._run(*args, timeout=120)
        if package:
            pid = self._run("shell", "pidof", package).strip()
            if pid:
                text = "\n".join(l for l in text.splitlines() if f" {pid} " in l)
        return text


def list_devices(adb):
    out = subprocess.check_output([adb, "devices"], text=True)
    serials = []
    for line in out.splitlines()[1:]:
        parts = line.split()
        if len(parts) == 2 and parts[1] == "device":
            serials.append(parts[0])
        elif len(parts) == 2:
            log.warning("skipping %s (state %s)", parts[0], parts[1])
    return serials


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--package", help="filter logcat to this app's pid")
    ap.add_argument("--buffers", default="main,system,crash")
    ap.add_argument("--out", default="bugreport-logs")
    ap.add_argument("--clear-after", action="store_true", help="logcat -c after collection")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    adb = shutil.which("adb")
    if not adb:
        raise SystemExit("adb not found in PATH")
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    root = Path(args.out) / stamp
    root.mkdir(parents=True, exist_ok=True)

    serials = list_devices(adb)
    if not serials:
        log.error("no devices attached")
        return
    for serial in serials:
        dev = AdbDevice(adb, serial)
        target = root / serial
        target.mkdir(exist_ok=True)
        try:
            facts = dev.facts()
            (target / "facts.json").write_text(json.dumps(facts, indent=2))
            text = dev.logcat(args.buffers.split(","), args.package)
            (target / "logcat.txt").write_text(text)
            log.info("%s (%s): %d log lines", serial, facts["model"], text.count("\n"))
            if args.clear_after:
                dev._run("logcat", "-c")
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("%s: %s", serial, exc)
    log.info("logs in %s", root)


if __name__ == "__main__":
    main()
