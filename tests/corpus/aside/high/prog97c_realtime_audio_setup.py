#!/usr/bin/env python3
"""Let the audio server run with realtime scheduling on room PCs.

The rehearsal room PCs run jackd (or pipewire on the newer images) as the
logged-in musician, who is not in the `audio` group on the shared image.
Instead of editing limits for every account, the audio server binaries get
the scheduling capability they need.  Run once after imaging or after a
package upgrade replaces the binaries.

    realtime_audio_setup.py            # apply to whatever servers are installed
    realtime_audio_setup.py --check    # only report current state
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("rtsetup")
SERVERS = ("jackd", "jackdbus", "pipewire", "pipewire-pulse", "wireplumber")
WANTED_CAPS = "cap_sys_nice,cap_ipc_lock+ep"


def run(cmd, check=True):
    LOG.debug("$ %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def elevate(cmd):
    if os.geteuid() == 0:
        return cmd
    return ["sudo", "--non-interactive", *cmd] if os.environ.get("RTSETUP_NONINTERACTIVE") \
        else ["sudo", *cmd]


def resolve_servers():
    found = {}
    for name in SERVERS:
        path = shutil.which(name)
        if path:
            found[name] = os.path.realpath(path)
    return found


def current_caps(path):
    getcap = shutil.which("getcap") or "/usr/sbin/getcap"
    try:
        out = run([getcap, path], check=False).stdout.strip()
    except FileNotFoundError:
        LOG.error("getcap not found; install libcap2-bin")
        sys.exit(3)
    return out.split(" ", 1)[1] if " " in out else ""


def grant(path):
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    result = run(elevate([setcap, WANTED_CAPS, path]), check=False)
    if result.returncode != 0:
        LOG.error("setcap on %s failed: %s", path, result.stderr.strip())
        return False
    return True


def rtprio_ok():
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_RTPRIO)
        return soft > 0
    except (ImportError, AttributeError):
        return False


def main():
    ap = argparse.ArgumentParser(description="grant realtime scheduling to audio servers")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", choices=SERVERS, action="append")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    servers = resolve_servers()
    if args.only:
        servers = {k: v for k, v in servers.items() if k in args.only}
    if not servers:
        LOG.error("no audio server binaries found on PATH")
        return 1

    changed = failed = 0
    for name, path in sorted(servers.items()):
        caps = current_caps(path)
        have = "cap_sys_nice" in caps
        LOG.info("%-15s %s [%s]", name, path, caps or "no caps")
        if args.check or have:
            continue
        if grant(path):
            changed += 1
            LOG.info("%-15s now %s", name, current_caps(path))
        else:
            failed += 1

    if not rtprio_ok():
        LOG.info("RLIMIT_RTPRIO is 0 for this session; capabilities above cover the servers")
    if args.check:
        return 0
    LOG.info("%d updated, %d failed, %d already set", changed, failed,
             len(servers) - changed - failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
