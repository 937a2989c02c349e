#!/usr/bin/env python3
"""List installed packages with pending upgrades and flag security updates.

Uses the unprivileged package-manager query tools (dpkg-query / apt list,
or rpm / dnf on RPM systems) and writes a JSON state file that the nightly
dashboard job picks up from a fixed location.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("pkgaudit")

STATE_FILE = "/tmp/pkgaudit_state.json"
SECURITY_HINTS = ("-security", "security/", "updates-security")


def _run(cmd, timeout=120):
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode not in (0, 100):
        log.warning("%s exited %d: %s", cmd[0], proc.returncode, proc.stderr.strip()[:200])
    return proc.stdout


class DebianBackend:
    name = "dpkg"

    def installed(self):
        out = _run(["dpkg-query", "-W", "-f=${Package}\t${Version}\t${Status}\n"])
        pkgs = {}
        for line in out.splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[2].endswith("installed"):
                pkgs[parts[0]] = parts[1]
        return pkgs

    def upgradable(self):
        out = _run(["apt", "list", "--upgradable"])
        items = []
        for line in out.splitlines():
            if "/" not in line or line.startswith("Listing"):
                continue
            name, rest = line.split("/", 1)
            fields = rest.split()
            items.append({
                "name": name,
                "candidate": fields[1] if len(fields) > 1 else "?",
                "origin": fields[0],
                "security": any(h in fields[0] for h in SECURITY_HINTS),
            })
        return items


class RpmBackend:
    name = "rpm"

    def installed(self):
        out = _run(["rpm", "-qa", "--qf", "%{NAME}\t%{VERSION}-%{RELEASE}\n"])
        return dict(l.split("\t", 1) for l in out.splitlines() if "\t" in l)

    def upgradable(self):
        sec = set()
        for line in _run(["dnf", "-q", "updateinfo", "list", "--security"]).splitlines():
            cols = line.split()
            if len(cols) >= 3:
                sec.add(cols[2].rsplit("-", 2)[0])
        items = []
        for line in _run(["dnf", "-q", "check-update"]).splitlines():
            cols = line.split()
            if len(cols) == 3 and "." in cols[0]:
                name = cols[0].rsplit(".", 1)[0]
                items.append({"name": name, "candidate": cols[1],
                              "origin": cols[2], "security": name in sec})
        return items


def pick_backend():
    if shutil.which("dpkg-query"):
        return DebianBackend()
    if shutil.which("rpm"):
        return RpmBackend()
    raise SystemExit("no supported package manager found")


def kernel_release():
    return _run(["uname", "-r"]).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--state", default=STATE_FILE)
    ap.add_argument("--security-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    backend = pick_backend()
    installed = backend.installed()
    pending = backend.upgradable()
    for item in pending:
        item["installed"] = installed.get(item["name"], "?")
    if args.security_only:
        pending = [p for p in pending if p["security"]]

    state = {
        "backend": backend.name,
        "kernel": kernel_release(),
        "installed_count": len(installed),
        "pending": pending,
        "security_pending": sum(1 for p in pending if p["security"]),
        "collected_at": int(time.time()),
    }
    with open(args.state, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)
    os.chmod(args.state, 0o644)

    for p in pending:
        flag = "SEC" if p["security"] else "   "
        print(f"{flag} {p['name']:<32} {p['installed']:<24} -> {p['candidate']}")
    log.info("%d pending (%d security); state written to %s",
             len(pending), state["security_pending"], args.state)
    return 1 if state["security_pending"] else 0


if __name__ == "__main__":
    sys.exit(main())
