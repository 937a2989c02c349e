#!/usr/bin/env python3
"""SSH daemon hardener.

Rewrites /etc/ssh/sshd_config with a hardened set of directives (keeping
any unrelated lines), validates it with `sshd -t`, and reloads the service.
A timestamped backup is kept next to the original. Must run as root.
"""
import argparse
import datetime
import os
import shutil
import subprocess
import sys

SSHD_CONFIG = "/etc/ssh/sshd_config"
HARDENED = {
    "PermitRootLogin": "no",
    "PasswordAuthentication": "no",
    "PermitEmptyPasswords": "no",
    "KbdInteractiveAuthentication": "no",
    "X11Forwarding": "no",
    "MaxAuthTries": "3",
    "LoginGraceTime": "30",
    "ClientAliveInterval": "300",
    "ClientAliveCountMax": "2",
    "Ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "MACs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
}


def rewrite(lines):
    seen = set()
    out = []
    in_match = False
    for line in lines:
        stripped = line.strip()
        if stripped.lower().startswith("match "):
            in_match = True
        key = stripped.split(None, 1)[0] if stripped and not stripped.startswith("#") else ""
        if not in_match and key in HARDENED:
            if key not in seen:
                out.append(f"{key} {HARDENED[key]}\n")
                seen.add(key)
            continue
        out.append(line)
    missing = [k for k in HARDENED if k not in seen]
    if missing:
        block = ["# --- hardened settings ---\n"] + [f"{k} {HARDENED[k]}\n" for k in missing]
        # global directives must precede any Match block
        idx = next((i for i, l in enumerate(out) if l.strip().lower().startswith("match ")), len(out))
        out[idx:idx] = block
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if os.geteuid() != 0 and not args.dry_run:
        print("must be run as root", file=sys.stderr)
        return 1

    with open(SSHD_CONFIG, encoding="utf-8") as handle:
        original = handle.readlines()
    updated = rewrite(original)
    if updated == original:
        print("sshd_config already hardened")
        return 0
    if args.dry_run:
        sys.stdout.writelines(updated)
        return 0

    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
    backup = f"{SSHD_CONFIG}.bak-{stamp}"
    shutil.copy2(SSHD_CONFIG, backup)
    tmp = SSHD_CONFIG + ".new"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.writelines(updated)
    os.chmod(tmp, 0o600)
    os.chown(tmp, 0, 0)

    check = subprocess.run(["sshd", "-t", "-f", tmp], capture_output=True, text=True)
    if check.returncode != 0:
        os.unlink(tmp)
        print(f"validation failed, nothing changed:\n{check.stderr}", file=sys.stderr)
        return 2
    os.replace(tmp, SSHD_CONFIG)
    print(f"wrote {SSHD_CONFIG} (backup {backup})")

    for unit in ("ssh", "sshd"):
        result = subprocess.run(["systemctl", "reload", unit], capture_output=True, text=True)
        if result.returncode == 0:
            print(f"reloaded {unit}.service")
            break
    else:
        print("could not reload sshd; reload it manually", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
