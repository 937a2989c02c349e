#!/usr/bin/env python3
"""Credential file permission auditor.

Checks that sensitive account and key files on this host have sane
ownership and mode bits. Only metadata (stat) is inspected; file
contents are never opened. Results are written to a local JSON report.
"""

import argparse
import json
import logging
import os
import pwd
import grp
import stat
import sys
from dataclasses import dataclass, asdict, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("permaudit")

# path -> (maximum allowed mode, expected owner, allowed groups)
SYSTEM_TARGETS = {
    "/etc/shadow": (0o640, "root", {"root", "shadow"}),
    "/etc/gshadow": (0o640, "root", {"root", "shadow"}),
    "/etc/passwd": (0o644, "root", {"root"}),
    "/etc/group": (0o644, "root", {"root"}),
    "/etc/sudoers": (0o440, "root", {"root"}),
    "/etc/ssh/sshd_config": (0o644, "root", {"root"}),
}

USER_KEY_GLOBS = ("id_*", "*.pem", "authorized_keys", "config", "known_hosts")


@dataclass
class Finding:
    path: str
    exists: bool
    mode: str = ""
    owner: str = ""
    group: str = ""
    problems: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.exists and not self.problems


def _name_of_uid(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _name_of_gid(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def inspect(path: Path, max_mode: int, owner: str, groups: set) -> Finding:
    try:
        st = path.stat()
    except FileNotFoundError:
        return Finding(str(path), exists=False)
    except PermissionError as exc:
        f = Finding(str(path), exists=True)
        f.problems.append(f"cannot stat: {exc.strerror}")
        return f

    mode = stat.S_IMODE(st.st_mode)
    f = Finding(
        path=str(path),
        exists=True,
        mode=oct(mode),
        owner=_name_of_uid(st.st_uid),
        group=_name_of_gid(st.st_gid),
    )
    extra = mode & ~max_mode
    if extra:
        f.problems.append(f"mode {oct(mode)} exceeds {oct(max_mode)} (extra bits {oct(extra)})")
    if owner and f.owner != owner:
        f.problems.append(f"owner is {f.owner}, expected {owner}")
    if groups and f.group not in groups:
        f.problems.append(f"group is {f.group}, expected one of {sorted(groups)}")
    return f


def user_key_targets(home: Path):
    ssh_dir = home / ".ssh"
    me = _name_of_uid(os.getuid())
    yield ssh_dir, 0o700, me
    if not ssh_dir.is_dir():
        return
    for pattern in USER_KEY_GLOBS:
        for candidate in sorted(ssh_dir.glob(pattern)):
            if candidate.name.endswith(".pub"):
                yield candidate, 0o644, me
            else:
                yield candidate, 0o600, me


def os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, _, v = line.strip().partition("=")
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="perm-audit.json",
                    help="report file (relative to the working directory)")
    ap.add_argument("--skip-system", action="store_true")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    findings = []
    if not args.skip_system:
        for p, (mx, owner, groups) in SYSTEM_TARGETS.items():
            findings.append(inspect(Path(p), mx, owner, groups))
    for p, mx, owner in user_key_targets(Path(args.home)):
        findings.append(inspect(p, mx, owner, set()))

    bad = [f for f in findings if f.exists and f.problems]
    for f in findings:
        if not f.exists:
            log.debug("absent: %s", f.path)
        elif f.problems:
            log.warning("%s: %s", f.path, "; ".join(f.problems))
        else:
            log.info("ok: %s (%s)", f.path, f.mode)

    report = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "host": os.uname().nodename,
        "os": os_release().get("PRETTY_NAME", "unknown"),
        "summary": {"checked": len(findings), "failing": len(bad)},
        "findings": [asdict(f) for f in findings],
    }
    out = Path(args.output)
    out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    os.chmod(out, 0o600)
    log.info("report written to %s (%d failing)", out, len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
