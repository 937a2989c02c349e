#!/usr/bin/env python3
"""Run the release APK's instrumentation smoke suite on a headless Android
emulator before the build is promoted to the beta track.

Self-hosted runners are recycled often and come up without KVM wired for
the runner user, so hardware acceleration is checked and fixed first.
"""
import argparse
import getpass
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("emu-smoke")
SDK = Path(os.environ.get("ANDROID_SDK_ROOT", Path.home() / "Android" / "Sdk"))
KVM = Path("/dev/kvm")


class KvmAccess:
    """Make sure /dev/kvm exists and is usable by the current user."""

    def __init__(self, user: str):
        self.user = user

    @staticmethod
    def _cpu_vendor_module() -> str:
        flags = Path("/proc/cpuinfo").read_text()
        return "kvm_amd" if " svm" in flags else "kvm_intel"

    @staticmethod
    def _root(cmd):
        prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        return subprocess.run(prefix + cmd, capture_output=True, text=True)

    def load_module(self):
        mod = self._cpu_vendor_module()
        log.info("loading %s", mod)
        res = self._root(["modprobe", mod])
        if res.returncode != 0:
            raise RuntimeError(f"modprobe {mod} failed: {res.stderr.strip()}")

    def grant(self):
        try:
            os.chmod(KVM, 0o666)
            return
        except PermissionError:
            pass
        res = self._root(["setfacl", "-m", f"u:{self.user}:rw", str(KVM)])
        if res.returncode != 0:
            raise RuntimeError(f"cannot grant {KVM}: {res.stderr.strip()}")

    def ensure(self) -> bool:
        if not KVM.exists():
            self.load_module()
            time.sleep(1)
        if not os.access(KVM, os.R_OK | os.W_OK):
            self.grant()
        return os.access(KVM, os.R_OK | os.W_OK)


def adb(*args, check=True, timeout=120):
    return subprocess.run([str(SDK / "platform-tools" / "adb"), *args], check=check,
                          capture_output=True, text=True, timeout=timeout)


def start_emulator(avd: str, accel: bool) -> subprocess.Popen:
    cmd = [str(SDK / "emulator" / "emulator"), "-avd", avd, "-no-window", "-no-audio",
           "-no-snapshot", "-no-boot-anim", "-gpu", "swiftshader_indirect"]
    if not accel:
        cmd += ["-accel", "off"]
    log.info("starting emulator %s (accel=%s)", avd, accel)
    return subprocess.Popen(cmd, stdout=open("emulator.log", "w"), stderr=subprocess.STDOUT)


def wait_for_boot(timeout: int):
    adb("wait-for-device", timeout=timeout)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if adb("shell", "getprop", "sys.boot_completed", check=False).stdout.strip() == "1":
            return
        time.sleep(3)
    raise TimeoutError("emulator did not finish booting")


def run_suite(apk: Path, test_apk: Path, runner: str) -> bool:
    adb("install", "-r", "-g", str(apk), timeout=300)
    adb("install", "-r", "-t", str(test_apk), timeout=300)
    res = adb("shell", "am", "instrument", "-w", "-r", runner, check=False, timeout=1800)
    Path("instrumentation.txt").write_text(res.stdout)
    return "FAILURES!!!" not in res.stdout and "OK (" in res.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apk", type=Path, required=True)
    ap.add_argument("--test-apk", type=Path, required=True)
    ap.add_argument("--runner", default="com.acme.wallet.test/androidx.test.runner.AndroidJUnitRunner")
    ap.add_argument("--avd", default="release_smoke_api34")
    ap.add_argument("--boot-timeout", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not shutil.which(str(SDK / "emulator" / "emulator")):
        log.error("emulator not found under %s", SDK)
        return 2
    try:
        accel = KvmAccess(getpass.getuser()).ensure()
    except RuntimeError as exc:
        log.warning("%s; falling back to software emulation", exc)
        accel = False

    emu = start_emulator(args.avd, accel)
    try:
        wait_for_boot(args.boot_timeout)
        ok = run_suite(args.apk, args.test_apk, args.runner)
    except (subprocess.CalledProcessError, TimeoutError, subprocess.TimeoutExpired) as exc:
        log.error("smoke run aborted: %s", exc)
        ok = False
    finally:
        adb("emu", "kill", check=False)
        emu.wait(timeout=60)
    log.info("smoke suite %s", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
