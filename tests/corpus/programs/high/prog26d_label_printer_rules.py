#!/usr/bin/env python3
"""Driver/permissions setup for the LabelJet 420 USB label printer.

Linux:   installs a udev rule so members of the 'plugdev' group can talk to
         the printer without root, then reloads udev.
macOS:   installs the vendor PPD into /Library/Printers/PPDs.
Windows: stages the vendor INF driver package with pnputil (elevated).
"""
import argparse
import logging
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("labeljet")
VENDOR_ID = "1a86"
PRODUCT_IDS = ("7584", "7585")
RULE_FILE = "/etc/udev/rules.d/60-labeljet.rules"


def udev_rule(group: str) -> str:
    lines = ["# LabelJet 420 label printers - installed by labeljet-setup"]
    for pid in PRODUCT_IDS:
        lines.append(f'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{VENDOR_ID}", '
                     f'ATTR{{idProduct}}=="{pid}", MODE="0660", GROUP="{group}", '
                     'TAG+="uaccess"')
    return "\n".join(lines) + "\n"


def as_root(cmd, **kw):
    if os.geteuid() != 0:
        cmd = ["sudo", *cmd]
    log.info("+ %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def setup_linux(group: str) -> None:
    rule = udev_rule(group)
    existing = Path(RULE_FILE).read_text() if Path(RULE_FILE).exists() else ""
    if existing == rule:
        log.info("udev rule already up to date")
    else:
        as_root(["tee", RULE_FILE], input=rule.encode(), stdout=subprocess.DEVNULL)
        as_root(["chmod", "0644", RULE_FILE])
    as_root(["udevadm", "control", "--reload-rules"])
    as_root(["udevadm", "trigger", "--subsystem-match=usb",
             f"--attr-match=idVendor={VENDOR_ID}"])
    user = os.environ.get("SUDO_USER") or os.environ.get("USER", "")
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group not in groups:
        log.warning("user %s is not in group %s; run: sudo usermod -aG %s %s",
                    user, group, group, user)


def setup_macos(driver_dir: Path) -> None:
    ppd = driver_dir / "LabelJet420.ppd"
    if not ppd.exists():
        raise SystemExit(f"missing {ppd}")
    target = Path("/Library/Printers/PPDs/Contents/Resources")
    as_root(["mkdir", "-p", str(target)])
    as_root(["cp", str(ppd), str(target / ppd.name)])
    as_root(["chown", "root:admin", str(target / ppd.name)])
    as_root(["chmod", "644", str(target / ppd.name)])
    log.info("installed PPD; add the printer in System Settings > Printers & Scanners")


def setup_windows(driver_dir: Path) -> None:
    inf = driver_dir / "windows" / "labeljet420.inf"
    if not inf.exists():
        raise SystemExit(f"missing {inf}")
    import ctypes
    if ctypes.windll.shell32.IsUserAnAdmin():
        subprocess.run(["pnputil", "/add-driver", str(inf), "/install"], check=True)
        return
    log.info("administrator rights needed; approve the UAC prompt")
    log_file = Path(tempfile.gettempdir()) / "labeljet-pnputil.log"
    ps = (f"Start-Process -FilePath pnputil -Verb RunAs -Wait "
          f"-ArgumentList '/add-driver','\"{inf}\"','/install' "
          f"-RedirectStandardOutput '{log_file}'")
    subprocess.run(["powershell", "-NoProfile", "-Command", ps], check=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--driver-dir", type=Path, default=Path(__file__).resolve().parent / "driver")
    ap.add_argument("--group", default="plugdev", help="Linux group allowed to print")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    system = platform.system()
    try:
        if system == "Linux":
            if not shutil.which("udevadm"):
                log.error("udevadm not found")
                return 2
            setup_linux(args.group)
        elif system == "Darwin":
            setup_macos(args.driver_dir)
        elif system == "Windows":
            setup_windows(args.driver_dir)
        else:
            log.error("unsupported platform: %s", system)
            return 2
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s", exc)
        return 1
    log.info("LabelJet setup complete on %s", system)
    return 0


if __name__ == "__main__":
    sys.exit(main())
