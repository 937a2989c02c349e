#!/usr/bin/env python3
"""Write a short Markdown summary of this machine (OS, CPU, memory, disk).

Useful for pasting into bug reports. Output goes to ./host_summary.md
unless --stdout is given.
"""
import argparse
import datetime as dt
import platform
import shutil
import socket
from pathlib import Path


def read_os_release(path="/etc/os-release") -> dict:
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                key, _, val = line.partition("=")
                info[key] = val.strip().strip('"')
    except OSError:
        pass
    return info


def cpu_model() -> tuple:
    model, cores = "unknown", 0
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return model, cores


def meminfo_kib() -> dict:
    wanted = {"MemTotal", "MemAvailable", "SwapTotal"}
    out = {}
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                name, _, rest = line.partition(":")
                if name in wanted:
                    out[name] = int(rest.split()[0])
    except OSError:
        pass
    return out


def human(kib: int) -> str:
    size = float(kib)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        if size < 1024:
            return f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} PiB"


def build_report(paths) -> str:
    osr = read_os_release()
    model, cores = cpu_model()
    mem = meminfo_kib()
    rows = [
        ("Hostname", socket.gethostname()),
        ("OS", osr.get("PRETTY_NAME", platform.platform())),
        ("Kernel", platform.release()),
        ("Python", platform.python_version()),
        ("CPU", f"{model} ({cores} logical)"),
        ("Memory", f"{human(mem.get('MemTotal', 0))} total, "
                   f"{human(mem.get('MemAvailable', 0))} available"),
        ("Swap", human(mem.get("SwapTotal", 0))),
    ]
    for p in paths:
        try:
            du = shutil.disk_usage(p)
        except OSError:
            continue
        rows.append((f"Disk {p}", f"{human(du.used // 1024)} used of "
                                  f"{human(du.total // 1024)}"))
    lines = [f"# Host summary ({dt.datetime.now():%Y-%m-%d %H:%M})", "",
             "| Item | Value |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--disk", action="append", default=None,
                    help="mount point to report (repeatable); default: .")
    ap.add_argument("--stdout", action="store_true")
    ap.add_argument("-o", "--output", default="host_summary.md")
    args = ap.parse_args()
    report = build_report(args.disk or ["."])
    if args.stdout:
        print(report)
    else:
        Path(args.output).write_text(report)
        print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
