#!/usr/bin/env python3
"""Install an ad-hoc signed IPA on every iPhone/iPad attached to a Linux
device-lab host (libimobiledevice), then launch it for a smoke test.

The usbmux daemon on the lab hosts regularly wedges after devices are
re-paired, so it is bounced automatically when no devices show up.
"""
import argparse
import json
import logging
import subprocess
import sys
import time
import zipfile
import plistlib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("ios-deploy")
USBMUX_UNIT = "usbmuxd.service"


def ipa_bundle_id(ipa: Path) -> str:
    with zipfile.ZipFile(ipa) as zf:
        plist_name = next(n for n in zf.namelist()
                          if n.startswith("Payload/") and n.endswith(".app/Info.plist")
                          and n.count("/") == 2)
        info = plistlib.loads(zf.read(plist_name))
    return info["CFBundleIdentifier"]


def list_devices() -> list[str]:
    res = subprocess.run(["idevice_id", "-l"], capture_output=True, text=True)
    return [line.strip() for line in res.stdout.splitlines() if line.strip()]


class UsbmuxService:
    """Restart helper for the usbmux daemon."""

    def __init__(self, unit: str = USBMUX_UNIT):
        self.unit = unit

    def _ctl(self, *verb):
        cmd = ["sudo", "--non-interactive", "systemctl", *verb, self.unit]
        return subprocess.run(cmd, capture_output=True, text=True)

    def bounce(self) -> bool:
        res = self._ctl("restart")
        if res.returncode != 0:
            log.error("could not restart %s: %s", self.unit, res.stderr.strip())
            return False
        time.sleep(3)
        return self._ctl("is-active").stdout.strip() == "active"


def wait_for_devices(expected: int, usbmux: UsbmuxService, attempts: int = 3) -> list[str]:
    for attempt in range(1, attempts + 1):
        devices = list_devices()
        if len(devices) >= expected:
            return devices
        log.warning("found %d/%d devices (attempt %d)", len(devices), expected, attempt)
        if attempt < attempts:
            usbmux.bounce()
    return list_devices()


def deploy(udid: str, ipa: Path, bundle_id: str, launch: bool) -> dict:
    result = {"udid": udid, "installed": False, "launched": False}
    inst = subprocess.run(["ideviceinstaller", "-u", udid, "-i", str(ipa)],
                          capture_output=True, text=True, timeout=600)
    if inst.returncode != 0:
        result["error"] = inst.stderr.strip()[-400:]
        return result
    result["installed"] = True
    if launch:
        run = subprocess.run(["idevicedebug", "-u", udid, "run", bundle_id],
                             capture_output=True, text=True, timeout=30)
        result["launched"] = run.returncode == 0
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description="deploy an IPA to the lab devices")
    ap.add_argument("ipa", type=Path)
    ap.add_argument("--expect", type=int, default=1, help="devices that should be attached")
    ap.add_argument("--no-launch", dest="launch", action="store_false")
    ap.add_argument("--report", type=Path, default=Path("deploy-report.json"))
    ap.add_argument("--jobs", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.ipa.is_file():
        log.error("no such IPA: %s", args.ipa)
        return 2
    bundle_id = ipa_bundle_id(args.ipa)
    devices = wait_for_devices(args.expect, UsbmuxService())
    if not devices:
        log.error("no devices attached")
        return 1

    results = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(deploy, d, args.ipa, bundle_id, args.launch): d for d in devices}
        for fut in as_completed(futures):
            try:
                res = fut.result()
            except subprocess.TimeoutExpired:
                res = {"udid": futures[fut], "installed": False, "error": "timeout"}
            log.info("%s: installed=%s launched=%s", res["udid"][:8],
                     res["installed"], res.get("launched"))
            results.append(res)

    args.report.write_text(json.dumps({"bundle": bundle_id, "results": results}, indent=2))
    return 0 if all(r["installed"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
