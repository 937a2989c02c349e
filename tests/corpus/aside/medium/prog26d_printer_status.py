#!/usr/bin/env python3
"""Show printers, their status and queued jobs; optionally print a test page.

Uses the tools each desktop already has: CUPS' lpstat/lp on macOS and Linux,
PowerShell's Get-Printer / Get-PrintJob on Windows.  Read-only apart from the
optional test page, which goes through the normal user print path.
"""
import argparse
import json
import logging
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("printers")


def run(cmd, timeout=30):
    log.debug("running %s", cmd)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        log.debug("stderr: %s", proc.stderr.strip())
    return proc.stdout


def powershell(script: str):
    exe = shutil.which("pwsh") or shutil.which("powershell") or "powershell.exe"
    return run([exe, "-NoProfile", "-NonInteractive", "-Command", script])


def printers_windows():
    out = powershell("Get-Printer | Select-Object Name,PrinterStatus,DriverName,PortName,Default "
                     "| ConvertTo-Json -Compress")
    data = json.loads(out or "[]")
    if isinstance(data, dict):
        data = [data]
    result = []
    for p in data:
        jobs = powershell(f"(Get-PrintJob -PrinterName '{p['Name']}' | Measure-Object).Count")
        result.append({"name": p["Name"], "status": str(p.get("PrinterStatus")),
                       "driver": p.get("DriverName"), "jobs": int((jobs or "0").strip() or 0),
                       "default": bool(p.get("Default"))})
    return result


def printers_cups():
    if not shutil.which("lpstat"):
        log.error("lpstat not found; is CUPS installed?")
        return []
    default = run(["lpstat", "-d"]).split(":")[-1].strip()
    result = []
    for line in run(["lpstat", "-p"]).splitlines():
        if not line.startswith("printer "):
            continue
        parts = line.split()
        name = parts[1]
        status = "idle" if "idle" in line else "disabled" if "disabled" in line else "busy"
        jobs = [j for j in run(["lpstat", "-o", name]).splitlines() if j.strip()]
        result.append({"name": name, "status": status, "driver": None,
                       "jobs": len(jobs), "default": name == default})
    return result


def list_printers():
    if platform.system() == "Windows":
        return printers_windows()
    return printers_cups()


def test_page(name: str) -> None:
    if platform.system() == "Windows":
        subprocess.run(["rundll32", "printui.dll,PrintUIEntry", "/k", "/n", name], check=True)
        return
    text = ("Printer test page\n" + "=" * 40 + "\n"
            f"Printer: {name}\nHost: {platform.node()}\nOS: {platform.platform()}\n\n"
            + "".join(chr(c) for c in range(32, 127)) + "\n")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(text)
        path = Path(fh.name)
    try:
        out = run(["lp", "-d", name, "-t", "test page", str(path)])
        log.info(out.strip() or "sent test page")
    finally:
        path.unlink(missing_ok=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--test-page", metavar="PRINTER")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if args.test_page:
        test_page(args.test_page)
        return 0
    printers = list_printers()
    if args.json:
        print(json.dumps(printers, indent=2))
        return 0
    if not printers:
        print("No printers configured.")
        return 1
    width = max(len(p["name"]) for p in printers)
    for p in printers:
        mark = "*" if p["default"] else " "
        print(f"{mark} {p['name']:<{width}}  {p['status']:<10} jobs: {p['jobs']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
