#!/usr/bin/env python3
"""whereami_container - tell whether this process is running inside a container.

Only looks at files that describe the current process: /proc/self/cgroup,
/proc/self/mountinfo, the marker files runtimes drop into the root of an
image and the ``container`` environment variable that systemd-nspawn and
podman set.  Nothing is executed and nothing is written.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path
from typing import List, Optional

log = logging.getLogger("whereami")

MARKER_FILES = {
    "/.dockerenv": "docker",
    "/run/.containerenv": "podman",
    "/.singularity.d": "singularity",
}

CGROUP_HINTS = [
    (re.compile(r"/docker[-/]([0-9a-f]{12,64})"), "docker"),
    (re.compile(r"/kubepods[^/]*/.*?pod([0-9a-f_-]{36})"), "kubernetes"),
    (re.compile(r"/libpod-([0-9a-f]{12,64})"), "podman"),
    (re.compile(r"/lxc(?:\.payload)?[./]([\w.-]+)"), "lxc"),
    (re.compile(r"/garden/([\w-]+)"), "garden"),
]


@dataclass
class Verdict:
    in_container: bool = False
    runtime: Optional[str] = None
    container_id: Optional[str] = None
    cgroup_version: int = 1
    evidence: List[str] = field(default_factory=list)


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, PermissionError) as exc:
        log.debug("cannot read %s: %s", path, exc)
        return ""


def check_markers(v: Verdict) -> None:
    for marker, runtime in MARKER_FILES.items():
        if os.path.lexists(marker):
            v.in_container = True
            v.runtime = v.runtime or runtime
            v.evidence.append(f"marker {marker}")


def check_env(v: Verdict) -> None:
    value = os.environ.get("container")
    if value:
        v.in_container = True
        v.runtime = v.runtime or value
        v.evidence.append(f"env container={value}")
    if "KUBERNETES_SERVICE_HOST" in os.environ:
        v.in_container = True
        v.runtime = v.runtime or "kubernetes"
        v.evidence.append("env KUBERNETES_SERVICE_HOST present")


def check_cgroup(v: Verdict) -> None:
    text = read_text("/proc/self/cgroup")
    lines = [ln for ln in text.splitlines() if ln]
    if len(lines) == 1 and lines[0].startswith("0::"):
        v.cgroup_version = 2
    for line in lines:
        _, _, path = line.split(":", 2)
        for pattern, runtime in CGROUP_HINTS:
            m = pattern.search(path)
            if m:
                v.in_container = True
                v.runtime = v.runtime or runtime
                v.container_id = v.container_id or m.group(1)
                v.evidence.append(f"cgroup path {path}")
                break


def check_mountinfo(v: Verdict) -> None:
    for line in read_text("/proc/self/mountinfo").splitlines():
        parts = line.split(" - ", 1)
        if len(parts) != 2:
            continue
        fields = parts[0].split()
        fstype = parts[1].split()[0]
        mount_point = fields[4]
        if mount_point == "/" and fstype in ("overlay", "aufs", "fuse-overlayfs"):
            v.in_container = True
            v.evidence.append(f"root filesystem is {fstype}")
        if v.container_id is None:
            m = re.search(r"/containers/([0-9a-f]{64})/", line)
            if m:
                v.container_id = m.group(1)
                v.evidence.append("container id from mountinfo")


def detect() -> Verdict:
    v = Verdict()
    for step in (check_markers, check_env, check_cgroup, check_mountinfo):
        try:
            step(v)
        except Exception as exc:  # one broken probe must not hide the others
            log.warning("%s failed: %s", step.__name__, exc)
    return v


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="emit JSON")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no output; exit status 0 inside a container, 1 outside")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    verdict = detect()
    if args.quiet:
        return 0 if verdict.in_container else 1
    if args.json:
        json.dump(asdict(verdict), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        state = "inside a container" if verdict.in_container else "not in a container"
        print(f"{state} (runtime={verdict.runtime or '-'}, cgroup v{verdict.cgroup_version})")
        if verdict.container_id:
            print(f"container id: {verdict.container_id[:12]}")
        for item in verdict.evidence:
            print(f"  - {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
