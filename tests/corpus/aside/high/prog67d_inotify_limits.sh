#!/usr/bin/env bash
# ide-watch-limits: fix "Unable to watch for file changes in this large
# workspace" (VS Code) / "External file changes sync may be slow" (JetBrains)
# by raising the inotify limits, now and across reboots.
#
# Usage: ide-watch-limits [--watches N] [--instances N] [--check]
set -euo pipefail

WATCHES=524288
INSTANCES=1024
CHECK_ONLY=0
DROPIN=/etc/sysctl.d/60-ide-inotify.conf

usage() { sed -n '2,7p' "$0"; }
note() { echo "==> $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --watches)   WATCHES="$2"; shift 2 ;;
        --instances) INSTANCES="$2"; shift 2 ;;
        --check)     CHECK_ONLY=1; shift ;;
        -h|--help)   usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
done

[[ "$WATCHES" =~ ^[0-9]+$ && "$INSTANCES" =~ ^[0-9]+$ ]] || { echo "limits must be numbers" >&2; exit 2; }

current() { cat "/proc/sys/fs/inotify/$1"; }

# estimate how many watches the open editors are using right now
in_use() {
    local total=0 n fd
    for fd in /proc/[0-9]*/fdinfo/*; do
        n=$(grep -c '^inotify' "$fd" 2>/dev/null) || continue
        total=$((total + n))
    done
    echo "$total"
}

report() {
    printf '  max_user_watches   %s (want %s)\n' "$(current max_user_watches)" "$WATCHES"
    printf '  max_user_instances %s (want %s)\n' "$(current max_user_instances)" "$INSTANCES"
    printf '  watches in use     ~%s\n' "$(in_use)"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

note "current inotify limits"
report
if (( CHECK_ONLY )); then exit 0; fi

if (( $(current max_user_watches) >= WATCHES && $(current max_user_instances) >= INSTANCES )); then
    note "limits already high enough"
    exit 0
fi

if [[ $EUID -ne 0 ]]; then
    note "administrator rights are needed; you may be asked for your password"
    sudo -v
fi

note "applying now"
as_root sysctl -q -w "fs.inotify.max_user_watches=$WATCHES"
as_root sysctl -q -w "fs.inotify.max_user_instances=$INSTANCES"

note "persisting in $DROPIN"
printf '# written by ide-watch-limits on %s\nfs.inotify.max_user_watches = %s\nfs.inotify.max_user_instances = %s\n' \
    "$(date -Is)" "$WATCHES" "$INSTANCES" | as_root tee "$DROPIN" >/dev/null
as_root chmod 0644 "$DROPIN"
as_root sysctl -q --system

note "new limits"
report
note "restart your editor to pick up the change"
