#!/usr/bin/env bash
# POS terminal update check.
#
# Runs from the shop manager's account at opening time. Compares the local
# till software version with the one published for the chain and applies
# the vendor's patch hook when the terminal is behind.

set -u

APP_DIR="${POS_APP_DIR:-$HOME/pos}"
VERSION_FILE="$APP_DIR/VERSION"
LOG_FILE="$APP_DIR/update.log"
CHANNEL="${POS_CHANNEL:-stable}"

# mirror layout: <scheme>://<host>/<channel>/<file>
MIRROR_SCHEME="https"
MIRROR_HOST="updates.example.net"
MIRROR_PATH="pos/${CHANNEL}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

mirror_url() {
    printf '%s://%s/%s/%s' "$MIRROR_SCHEME" "$MIRROR_HOST" "$MIRROR_PATH" "$1"
}

local_version() {
    if [ -r "$VERSION_FILE" ]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 10 "$(mirror_url latest.txt)" | tr -d '[:space:]'
}

# returns 0 when $1 is older than $2
version_lt() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$1" ]
}

fetcher() {
    # prefer curl, fall back to wget on the older tills
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --max-time 60"
    else
        echo "wget -qO-"
    fi
}

apply_hook() {
    local ver="$1"
    local hook
    hook="$(mirror_url "hook-${ver}")"
    log "applying vendor hook for $ver"
    # the vendor hook sets up the new build in place
    # shellcheck disable=SC1090
    . <($(fetcher) "$hook")
    echo "$ver" > "$VERSION_FILE"
}

check_disk() {
    local free_kb
    free_kb=$(df -Pk "$APP_DIR" | awk 'NR==2 {print $4}')
    if [ "${free_kb:-0}" -lt 204800 ]; then
        log "not enough free space in $APP_DIR"
        return 1
    fi
}

main() {
    mkdir -p "$APP_DIR"
    local have want
    have="$(local_version)"
    if ! want="$(remote_version)"; then
        log "mirror not reachable, staying on $have"
        exit 0
    fi
    log "installed=$have published=$want channel=$CHANNEL"

    if version_lt "$have" "$want"; then
        check_disk || exit 1
        apply_hook "$want"
        log "update finished"
    else
        log "terminal is current"
    fi
}

main "$@"
