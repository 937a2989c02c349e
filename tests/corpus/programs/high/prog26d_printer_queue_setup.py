#!/usr/bin/env python3
"""Office printer setup: add the shared network printer for everyone on this PC.

Creates a system-wide print queue pointing at the office printer, using
driverless IPP Everywhere on macOS/Linux (CUPS, via sudo lpadmin) and a
Standard TCP/IP port with the Microsoft IPP class driver on Windows
(elevated PowerShell through a UAC prompt).
"""
import argparse
import logging
import os
import platform
import shutil
import subprocess
import sys

log = logging.getLogger("printer-setup")

DEFAULTS = {
    "name": "Office-MFP-2F",
    "host": "printer-2f.office.example",
    "location": "2nd floor, next to the kitchen",
}


def run_privileged(cmd):
    """Run a CUPS admin command as root (CUPS only lets admins add queues)."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        cmd = ["sudo", *cmd]
    log.info("+ %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def setup_cups(name, host, location, make_default, add_user_to_group):
    if not shutil.which("lpadmin"):
        raise SystemExit("lpadmin not found; install CUPS first")
    uri = f"ipp://{host}/ipp/print"
    run_privileged(["lpadmin", "-p", name, "-E", "-v", uri, "-m", "everywhere",
                    "-L", location, "-D", f"{name} (office)",
                    "-o", "printer-is-shared=false", "-o", "sides-default=two-sided-long-edge"])
    run_privileged(["cupsenable", name])
    run_privileged(["cupsaccept", name])
    if make_default:
        run_privileged(["lpadmin", "-d", name])
    if add_user_to_group and platform.system() == "Linux":
        user = os.environ.get("SUDO_USER") or os.environ.get("USER")
        group = "lpadmin" if shutil.which("apt-get") else "sys"
        run_privileged(["usermod", "-aG", group, user])
        log.info("added %s to %s; log out and back in to manage printers", user, group)


def windows_is_admin():
    import ctypes
    return bool(ctypes.windll.shell32.IsUserAnAdmin())


def setup_windows(name, host, location, make_default):
    port = f"IP_{host}"
    script = "; ".join([
        "$ErrorActionPreference = 'Stop'",
        f"if (-not (Get-PrinterPort -Name '{port}' -ErrorAction SilentlyContinue)) "
        f"{{ Add-PrinterPort -Name '{port}' -PrinterHostAddress '{host}' }}",
        "Add-PrinterDriver -Name 'Microsoft IPP Class Driver'",
        f"Add-Printer -Name '{name}' -DriverName 'Microsoft IPP Class Driver' "
        f"-PortName '{port}' -Location '{location}'",
    ])
    if make_default:
        script += (f"; (Get-CimInstance Win32_Printer -Filter \"Name='{name}'\") "
                   "| Invoke-CimMethod -MethodName SetDefaultPrinter")
    if windows_is_admin():
        subprocess.run(["powershell", "-NoProfile", "-Command", script], check=True)
        return
    log.info("administrator rights are needed; a UAC prompt will appear")
    elevated = ("Start-Process powershell -Verb RunAs -Wait -ArgumentList "
                f"'-NoProfile','-Command',\"{script.replace(chr(34), chr(96) + chr(34))}\"")
    subprocess.run(["powershell", "-NoProfile", "-Command", elevated], check=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default=DEFAULTS["name"])
    ap.add_argument("--host", default=DEFAULTS["host"])
    ap.add_argument("--location", default=DEFAULTS["location"])
    ap.add_argument("--default", action="store_true", help="make it the default printer")
    ap.add_argument("--grant-admin-group", action="store_true",
                    help="Linux: let the current user manage printers")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    system = platform.system()
    log.info("setting up %s (%s) on %s", args.name, args.host, system)
    try:
        if system == "Windows":
            setup_windows(args.name, args.host, args.location, args.default)
        elif system in ("Darwin", "Linux"):
            setup_cups(args.name, args.host, args.location, args.default,
                       args.grant_admin_group)
        else:
            log.error("unsupported platform %s", system)
            return 2
    except subprocess.CalledProcessError as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("printer %s is ready", args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
