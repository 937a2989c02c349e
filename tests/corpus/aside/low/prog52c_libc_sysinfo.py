#!/usr/bin/env python3
"""Print a compact host fingerprint for bug reports.

Queries libc through ctypes for values the os module does not expose
consistently across platforms, and combines them with /proc/cpuinfo and
/etc/os-release.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import platform

log = logging.getLogger("sysinfo")

# sysconf names from <unistd.h> on Linux/glibc
SYSCONF_KEYS = {
    "page_size": 30,         # _SC_PAGESIZE
    "cpus_online": 84,       # _SC_NPROCESSORS_ONLN
    "phys_pages": 85,        # _SC_PHYS_PAGES
    "open_max": 4,           # _SC_OPEN_MAX
    "clk_tck": 2,            # _SC_CLK_TCK
}


def load_libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    libc = ctypes.CDLL(name, use_errno=True)
    libc.sysconf.argtypes = [ctypes.c_int]
    libc.sysconf.restype = ctypes.c_long
    libc.geteuid.restype = ctypes.c_uint
    libc.getpid.restype = ctypes.c_int
    return libc


def libc_facts(libc):
    facts = {}
    for key, code in SYSCONF_KEYS.items():
        value = libc.sysconf(code)
        facts[key] = value if value >= 0 else None
    if facts.get("page_size") and facts.get("phys_pages"):
        facts["mem_mib"] = facts["page_size"] * facts["phys_pages"] // 2**20
    facts["euid"] = libc.geteuid()
    facts["pid"] = libc.getpid()
    gnu_version = getattr(libc, "gnu_get_libc_version", None)
    if gnu_version is not None:
        gnu_version.restype = ctypes.c_char_p
        facts["glibc"] = gnu_version().decode()
    return facts


def cpu_model(path="/proc/cpuinfo"):
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware")):
                    return line.split(":", 1)[1].strip()
    except OSError as exc:
        log.debug("cpuinfo unavailable: %s", exc)
    return platform.processor() or None


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true", help="machine readable")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    report = {
        "kernel": platform.release(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpu": cpu_model(),
        "os": os_release(),
    }
    try:
        report["libc"] = libc_facts(load_libc())
    except (OSError, AttributeError) as exc:
        log.warning("libc query failed: %s", exc)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for key, value in report.items():
        if isinstance(value, dict):
            for sub, v in value.items():
                print(f"{key}.{sub:<14} {v}")
        else:
            print(f"{key:<19} {value}")


if __name__ == "__main__":
    main()
