"""Collects an inventory of a Windows machine for the asset database."""
import csv
import subprocess
import sys


def query(args):
    out = subprocess.run(args, capture_output=True, text=True, check=False)
    return out.stdout


def autostart_entries():
    text = query(["reg", "query", r"HKLM\Software\Microsoft\Windows\CurrentVersion\Run"])
    return [line.split(None, 2) for line in text.splitlines() if "REG_" in line]


def tasks():
    return query(["schtasks", "/query", "/fo", "CSV"]).splitlines()[1:]


def main():
    writer = csv.writer(sys.stdout)
    for entry in autostart_entries():
        writer.writerow(["autostart"] + entry)
    for line in tasks():
        writer.writerow(["task", line])
    writer.writerow(["processes", query(["powershell", "-c", "Get-Process | Measure-Object | Select -Expand Count"]).strip()])


main()
