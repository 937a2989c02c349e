#!/bin/sh
# Attach the lab's shared dataset exports to this analysis node.
# Mount points and exports are read from ./datasets.conf, one per line:
#   <name> <server:/export> <options>
set -eu

CONF="${1:-./datasets.conf}"
MOUNT_BASE="/mnt/datasets"
ANALYST_GROUP="${ANALYST_GROUP:-analysts}"

if command -v doas >/dev/null 2>&1; then
    ELEVATE=doas
else
    ELEVATE=sudo
fi

note() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

is_mounted() {
    awk -v mp="$1" '$2 == mp { found = 1 } END { exit !found }' /proc/mounts
}

check_server() {
    host=${1%%:*}
    if ! ping -c1 -W2 "$host" >/dev/null 2>&1; then
        note "WARN: $host does not answer ping"
        return 1
    fi
    return 0
}

attach() {
    name=$1 export=$2 opts=$3
    mp="$MOUNT_BASE/$name"
    if is_mounted "$mp"; then
        note "$name already mounted at $mp"
        return 0
    fi
    check_server "$export" || return 1
    $ELEVATE mkdir -p "$mp"
    note "mounting $export on $mp ($opts)"
    if ! $ELEVATE mount -t nfs4 -o "$opts" "$export" "$mp"; then
        note "ERROR: mount of $name failed"
        return 1
    fi
    $ELEVATE chgrp "$ANALYST_GROUP" "$mp"
}

detach_all() {
    grep " $MOUNT_BASE/" /proc/mounts | awk '{print $2}' | while read -r mp; do
        note "unmounting $mp"
        $ELEVATE umount "$mp" || note "WARN: $mp busy"
    done
}

if [ "${1:-}" = "--detach" ]; then
    detach_all
    exit 0
fi

[ -r "$CONF" ] || { echo "cannot read $CONF" >&2; exit 1; }

failures=0
while read -r name export opts; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    attach "$name" "$export" "${opts:-ro,noatime,vers=4.2}" || failures=$((failures + 1))
done <"$CONF"

note "summary:"
df -h -t nfs4 2>/dev/null | sed 's/^/    /' || true
if [ "$failures" -gt 0 ]; then
    note "$failures dataset(s) could not be mounted"
    exit 1
fi
