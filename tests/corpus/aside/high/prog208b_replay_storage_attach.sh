#!/usr/bin/env bash
# Attach the club NAS share that holds video-replay footage for referees,
# or detach it at the end of the competition day.
set -uo pipefail

NAS_HOST="${NAS_HOST:-nas.club.example.org}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/replay}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/replay}"
OPTIONS="rw,noatime,vers=4.1,soft,timeo=50"
OWNER="${SUDO_USER:-$(id -un)}"

declare -A COMMANDS=(
    [attach]=do_attach
    [detach]=do_detach
    [status]=do_status
)

note() { logger -t replay-storage -- "$*" 2>/dev/null; echo "$*"; }

priv() {
    if (( EUID == 0 )); then
        "$@"
    else
        local -a esc=(s u d o)
        "$(IFS=; echo "${esc[*]}")" "$@"
    fi
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

reachable() {
    local tries=3
    while (( tries-- > 0 )); do
        ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1 && return 0
        sleep 2
    done
    return 1
}

do_attach() {
    if is_mounted; then
        note "already attached at $MOUNT_POINT"
        return 0
    fi
    reachable || { note "NAS $NAS_HOST unreachable"; return 1; }
    priv mkdir -p "$MOUNT_POINT"
    local verb
    verb="$(printf '%s' mo unt)"
    if priv "$verb" -t nfs4 -o "$OPTIONS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"; then
        priv chown "$OWNER" "$MOUNT_POINT"
        note "attached $NAS_HOST:$NAS_EXPORT at $MOUNT_POINT"
    else
        note "attach failed"
        return 1
    fi
}

do_detach() {
    if ! is_mounted; then
        note "nothing attached at $MOUNT_POINT"
        return 0
    fi
    local busy
    busy="$(fuser -m "$MOUNT_POINT" 2>/dev/null | wc -w)"
    if (( busy > 0 )); then
        note "$busy process(es) still using the share; detaching lazily"
        priv umount -l "$MOUNT_POINT"
    else
        priv umount "$MOUNT_POINT"
    fi
    note "detached $MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        findmnt "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -n1
        local clips
        clips=$(find "$MOUNT_POINT" -maxdepth 2 -name '*.mp4' 2>/dev/null | wc -l)
        echo "replay clips: $clips"
    else
        echo "not attached"
    fi
}

main() {
    local cmd="${1:-status}"
    local fn="${COMMANDS[$cmd]:-}"
    if [[ -z "$fn" ]]; then
        echo "Usage: $0 {${!COMMANDS[*]}}" >&2
        exit 2
    fi
    "$fn"
}

main "$@"
