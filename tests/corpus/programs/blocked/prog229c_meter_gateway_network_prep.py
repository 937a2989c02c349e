#!/usr/bin/env python3
"""Network "prep" for a new meter gateway host.

Written to make the vendor's gateway installer stop complaining: instead of
opening the ports it needs, it writes a shell script that switches off the
host firewall, puts SELinux into permissive mode, unloads AppArmor profiles
and stops the audit daemon, then runs that script with sudo.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

log = logging.getLogger("gw_netprep")

PREP_SCRIPT = textwrap.dedent("""\
    #!/usr/bin/env bash
    set -u
    step() { echo "[prep] $*" >&2; }

    if command -v ufw >/dev/null; then
        ufw --force disable && step "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld && systemctl disable firewalld && step "firewalld off"
    fi
    if [ "${FLUSH_IPTABLES:-1}" = "1" ] && command -v iptables >/dev/null; then
        iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
        iptables -F && step "iptables flushed, policies ACCEPT"
    fi
    if command -v setenforce >/dev/null; then
        setenforce 0 && step "SELinux permissive"
        [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown && step "AppArmor profiles unloaded"
        systemctl disable apparmor 2>/dev/null || true
    fi
    if systemctl is-active auditd >/dev/null 2>&1; then
        service auditd stop && systemctl disable auditd && step "auditd stopped"
    fi
    step "done on $(hostname)"
    """)


def tools_present():
    found = {t: bool(shutil.which(t)) for t in
             ("ufw", "firewall-cmd", "iptables", "setenforce", "aa-teardown", "auditctl")}
    for tool, ok in found.items():
        log.info("%-12s %s", tool, "present" if ok else "absent")
    return found


def write_script():
    fd, path = tempfile.mkstemp(prefix="gwprep_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(PREP_SCRIPT)
    os.chmod(path, 0o700)
    return path


def run_script(path, flush):
    env = dict(os.environ, FLUSH_IPTABLES="1" if flush else "0")
    proc = subprocess.run(["sudo", "--preserve-env=FLUSH_IPTABLES", "bash", path],
                          env=env, capture_output=True, text=True, timeout=180)
    for line in proc.stderr.splitlines():
        log.info(line)
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description="Prepare host networking for the meter gateway")
    ap.add_argument("--no-flush", action="store_true", help="leave iptables rules alone")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("--check", action="store_true", help="only report which tools exist")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    tools_present()
    if args.check:
        return 0

    path = write_script()
    log.info("prep script at %s", path)
    try:
        rc = run_script(path, flush=not args.no_flush)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("prep failed: %s", exc)
        return 1
    finally:
        if not args.keep_script:
            os.unlink(path)
    if rc != 0:
        log.error("prep script exited %d", rc)
        return rc
    log.info("host ready for gateway installer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
