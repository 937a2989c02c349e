#!/usr/bin/env python3
"""Validate a modpack server profile (profile.yml) before launch.

Checks memory settings against the host, warns about oversized view
distances, and prints the JVM flags the launcher would use.
"""
import argparse
import base64
import logging
import os
import sys
from dataclasses import dataclass, field

import yaml

log = logging.getLogger("profilecheck")
DEFAULTS = {"xmx_mb": 4096, "xms_mb": 2048, "view_distance": 10, "gc": "G1GC"}


@dataclass
class HostInfo:
    cores: int = 1
    model: str = "unknown"
    mem_mb: int = 0
    distro: str = "unknown"
    flags: set = field(default_factory=set)


def probe_host() -> HostInfo:
    info = HostInfo()
    try:
        with open("/proc/cpuinfo") as fh:
            cpu_lines = fh.read().splitlines()
        info.cores = sum(1 for l in cpu_lines if l.startswith("processor"))
        for line in cpu_lines:
            if line.startswith("model name"):
                info.model = line.split(":", 1)[1].strip()
            elif line.startswith("flags") and not info.flags:
                info.flags = set(line.split(":", 1)[1].split())
    except OSError:
        log.warning("cannot read /proc/cpuinfo")
    try:
        with open("/etc/os-release") as fh:
            rel = dict(l.rstrip().split("=", 1) for l in fh if "=" in l)
        info.distro = rel.get("PRETTY_NAME", "unknown").strip('"')
    except OSError:
        pass
    info.mem_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    return info


def load_profile(path: str) -> dict:
    with open(path, "r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    merged = dict(DEFAULTS)
    merged.update(data.get("server", {}))
    merged["motd"] = data.get("motd", "")
    merged["icon_b64"] = data.get("icon", "")
    return merged


def check(profile: dict, host: HostInfo) -> list:
    problems = []
    if profile["xmx_mb"] > host.mem_mb * 0.85:
        problems.append(f"xmx {profile['xmx_mb']}MB exceeds 85% of {host.mem_mb}MB RAM")
    if profile["xms_mb"] > profile["xmx_mb"]:
        problems.append("xms larger than xmx")
    if profile["view_distance"] > 16 and host.cores < 4:
        problems.append(f"view distance {profile['view_distance']} too high for {host.cores} cores")
    if profile["icon_b64"]:
        raw = base64.b64decode(profile["icon_b64"], validate=False)
        if not raw.startswith(b"\x89PNG"):
            problems.append("server icon is not a PNG")
        elif len(raw) > 64 * 1024:
            problems.append("server icon larger than 64 KiB")
    return problems


def jvm_flags(profile: dict, host: HostInfo) -> list:
    flags = [f"-Xms{profile['xms_mb']}M", f"-Xmx{profile['xmx_mb']}M",
             f"-XX:+Use{profile['gc']}", f"-XX:ParallelGCThreads={max(1, host.cores // 2)}"]
    if "avx2" in host.flags:
        flags.append("-XX:+UseVectorizedMismatchIntrinsic")
    return flags


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", nargs="?", default="profile.yml")
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    host = probe_host()
    log.info("host: %s, %d cores, %d MB, %s", host.model, host.cores, host.mem_mb, host.distro)
    try:
        profile = load_profile(args.profile)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.profile, exc)
        return 2
    problems = check(profile, host)
    for p in problems:
        log.warning("problem: %s", p)
    print(" ".join(jvm_flags(profile, host)))
    return 1 if (problems and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
