#!/usr/bin/env python3
"""Apply the CIS-style SSH daemon baseline to /etc/ssh/sshd_config.

Rewrites (or appends) the directives listed in BASELINE, keeps a dated
backup next to the original, validates the result with `sshd -t` and
reloads the daemon. Use --check to only report drift.
"""

import argparse
import difflib
import logging
import os
import re
import shutil
import subprocess
import sys
import time

SSHD_CONFIG = "/etc/ssh/sshd_config"
LOG = logging.getLogger("sshd-harden")

BASELINE = {
    "PermitRootLogin": "no",
    "PasswordAuthentication": "no",
    "KbdInteractiveAuthentication": "no",
    "PermitEmptyPasswords": "no",
    "X11Forwarding": "no",
    "MaxAuthTries": "3",
    "LoginGraceTime": "30",
    "ClientAliveInterval": "300",
    "ClientAliveCountMax": "2",
    "AllowAgentForwarding": "no",
    "LogLevel": "VERBOSE",
    "Ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "MACs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
}

DIRECTIVE_RE = re.compile(r"^\s*#?\s*([A-Za-z][A-Za-z0-9]*)\s+(.*?)\s*$")


def apply_baseline(lines, baseline):
    """Return (new_lines, changes). Only touches the global section."""
    seen = set()
    out = []
    changes = []
    in_match = False
    for line in lines:
        if re.match(r"^\s*Match\s", line, re.I):
            in_match = True
        m = DIRECTIVE_RE.match(line)
        if m and not in_match:
            key = next((k for k in baseline if k.lower() == m.group(1).lower()), None)
            if key:
                commented = line.lstrip().startswith("#")
                wanted = f"{key} {baseline[key]}\n"
                if key in seen:
                    if not commented:
                        changes.append(f"drop duplicate {line.strip()}")
                        continue
                elif commented or m.group(2) != baseline[key]:
                    changes.append(f"{line.strip() or key} -> {wanted.strip()}")
                    out.append(wanted)
                    seen.add(key)
                    continue
                else:
                    seen.add(key)
        out.append(line)
    missing = [k for k in baseline if k not in seen]
    if missing:
        # global directives must precede any Match block
        insert_at = next((i for i, l in enumerate(out) if re.match(r"^\s*Match\s", l, re.I)), len(out))
        block = ["# --- hardening baseline ---\n"] + [f"{k} {baseline[k]}\n" for k in missing]
        out[insert_at:insert_at] = block
        changes.extend(f"add {k} {baseline[k]}" for k in missing)
    return out, changes


def run(cmd, check=True):
    LOG.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def reload_sshd():
    for unit in ("ssh", "sshd"):
        res = run(["systemctl", "is-active", unit], check=False)
        if res.stdout.strip() == "active":
            run(["systemctl", "reload", unit])
            LOG.info("reloaded %s.service", unit)
            return
    LOG.warning("no active ssh unit found; reload manually")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=SSHD_CONFIG)
    ap.add_argument("--check", action="store_true", help="report drift only")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    with open(args.config, encoding="utf-8") as fh:
        original = fh.readlines()
    updated, changes = apply_baseline(original, BASELINE)

    if not changes:
        LOG.info("%s already matches baseline", args.config)
        return 0
    for c in changes:
        LOG.info("drift: %s", c)
    if args.check:
        sys.stdout.writelines(difflib.unified_diff(original, updated, args.config, "baseline"))
        return 3

    if os.geteuid() != 0:
        LOG.error("must run as root to modify %s", args.config)
        return 1

    backup = f"{args.config}.{time.strftime('%Y%m%d%H%M%S')}.bak"
    shutil.copy2(args.config, backup)
    LOG.info("backup saved as %s", backup)

    staged = args.config + ".new"
    with open(staged, "w", encoding="utf-8") as fh:
        fh.writelines(updated)
    os.chown(staged, 0, 0)
    os.chmod(staged, 0o600)

    test = run(["sshd", "-t", "-f", staged], check=False)
    if test.returncode != 0:
        LOG.error("sshd -t rejected new config:\n%s", test.stderr)
        os.unlink(staged)
        return 2
    os.replace(staged, args.config)
    LOG.info("wrote %s (%d changes)", args.config, len(changes))

    if not args.no_reload:
        try:
            reload_sshd()
        except subprocess.CalledProcessError as exc:
            LOG.error("reload failed: %s; restoring backup", exc.stderr)
            shutil.copy2(backup, args.config)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
