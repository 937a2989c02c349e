#!/usr/bin/env python3
"""Generate a realtime-audio tuning profile for a recording workstation.

Nothing is applied to the system. The proposed limits file, sysctl snippet
and a README for the administrator are written to ./generated/<profile>/ so
they can be reviewed and committed to the studio's config repository.
"""
import argparse
import getpass
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rtprofile")

PROFILES = {
    "tracking": {"rtprio": 95, "memlock": "unlimited", "swappiness": 10, "period": 64},
    "mixing": {"rtprio": 85, "memlock": "2097152", "swappiness": 20, "period": 256},
    "podcast": {"rtprio": 70, "memlock": "1048576", "swappiness": 30, "period": 512},
}


@dataclass
class HostInfo:
    cores: int
    model: str
    distro: str


def read_host_info() -> HostInfo:
    cores, model = 0, "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("processor"):
                    cores += 1
                elif line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
    except OSError:
        cores = os.cpu_count() or 1
    distro = "unknown"
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return HostInfo(cores or 1, model, distro)


def render_limits(group: str, p: dict) -> str:
    return (f"# proposed /etc/security/limits.d/95-{group}.conf\n"
            f"@{group}   -  rtprio     {p['rtprio']}\n"
            f"@{group}   -  memlock    {p['memlock']}\n"
            f"@{group}   -  nice       -19\n")


def render_sysctl(p: dict, host: HostInfo) -> str:
    watches = 524288 if host.cores >= 8 else 262144
    return ("# proposed sysctl drop-in\n"
            f"vm.swappiness = {p['swappiness']}\n"
            f"fs.inotify.max_user_watches = {watches}\n")


def render_readme(name: str, group: str, p: dict, host: HostInfo) -> str:
    latency_ms = p["period"] * 2 / 48.0
    return "\n".join([
        f"Realtime audio profile '{name}' for {getpass.getuser()}",
        f"Host: {host.model} ({host.cores} cores), {host.distro}",
        f"Suggested JACK/PipeWire period: {p['period']} frames @48k "
        f"(~{latency_ms:.1f} ms round trip)",
        f"Ask an administrator to install limits.conf and add users to '{group}'.",
        "",
    ])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--group", default="audio")
    ap.add_argument("--outdir", default="generated", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    host = read_host_info()
    params = PROFILES[args.profile]
    target = args.outdir / args.profile
    target.mkdir(parents=True, exist_ok=True)

    files = {
        "limits.conf": render_limits(args.group, params),
        "99-audio.sysctl.conf": render_sysctl(params, host),
        "README.txt": render_readme(args.profile, args.group, params, host),
    }
    for name, body in files.items():
        path = target / name
        path.write_text(body, encoding="utf-8")
        os.chmod(path, 0o600)
        log.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
