#!/usr/bin/env bash
# Prepares a DAW workstation user for JACK / PipeWire realtime audio.
# Adds the engineer to the audio groups and gives the audio server binaries
# the scheduling capabilities they need, so nobody runs the DAW as root.
set -euo pipefail

TARGET_USER="${TARGET_USER:-${SUDO_USER:-$(id -un)}}"
GROUPS_WANTED="${GROUPS_WANTED:-audio,realtime,pipewire}"
BINARIES="${BINARIES:-jackd,jackdbus,pipewire,pipewire-pulse,a2jmidid}"
CAPS="cap_sys_nice,cap_ipc_lock+ep"
CHECK_ONLY=0

usage() {
    echo "usage: $(basename "$0") [-u user] [-c] (-c = only report)"
}

while getopts "u:ch" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

info() { echo "[rt-setup] $*"; }
warn() { echo "[rt-setup] warning: $*" >&2; }

id "$TARGET_USER" >/dev/null 2>&1 || { warn "no such user $TARGET_USER"; exit 1; }
command -v setcap >/dev/null || { warn "setcap missing (libcap2-bin)"; exit 1; }

# Resolve binaries and groups in python; it gets the lists through the env.
PLAN=$(GROUPS_WANTED="$GROUPS_WANTED" BINARIES="$BINARIES" TARGET_USER="$TARGET_USER" python3 - <<'PY'
import grp, os, pwd, shutil
user = os.environ["TARGET_USER"]
have = {g.gr_name for g in grp.getgrall() if user in g.gr_mem}
try:
    have.add(grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name)
except KeyError:
    pass
for g in os.environ["GROUPS_WANTED"].split(","):
    g = g.strip()
    try:
        grp.getgrnam(g)
    except KeyError:
        continue
    if g not in have:
        print(f"group\t{g}")
for b in os.environ["BINARIES"].split(","):
    path = shutil.which(b.strip())
    if path:
        print(f"bin\t{os.path.realpath(path)}")
PY
)

if [[ -z "$PLAN" ]]; then
    info "nothing to do for $TARGET_USER"
    exit 0
fi

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    [[ $CHECK_ONLY -eq 1 ]] || sudo -v || { warn "sudo authentication failed"; exit 1; }
fi

changed=0
while IFS=$'\t' read -r kind value; do
    case "$kind" in
        group)
            if [[ $CHECK_ONLY -eq 1 ]]; then
                info "would add $TARGET_USER to $value"
            else
                $SUDO usermod -aG "$value" "$TARGET_USER" && info "added to $value" && changed=1
            fi
            ;;
        bin)
            current=$(getcap "$value" 2>/dev/null || true)
            if [[ "$current" == *cap_sys_nice* ]]; then
                info "$value already has caps"
                continue
            fi
            if [[ $CHECK_ONLY -eq 1 ]]; then
                info "would setcap $CAPS on $value"
            else
                $SUDO setcap "$CAPS" "$value" && info "caps set on $value" && changed=1
            fi
            ;;
    esac
done <<< "$PLAN"

if [[ $changed -eq 1 ]]; then
    info "done; $TARGET_USER must log out and in again"
fi
