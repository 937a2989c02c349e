#!/usr/bin/env bash
# sip_trunk_check.sh - check PJSIP outbound registrations on the local
# Asterisk box and report trunks whose state changed since the last run.
#
# Usage: sip_trunk_check.sh [-c config] [-q] [-n]
#   -c FILE   config file (default ./trunk_check.conf)
#   -q        quiet, only print changes
#   -n        dry run, do not send the Slack/Teams notification
#
# Config keys (shell syntax):
#   TRUNKS="carrier-a carrier-b"
#   NOTIFY_URL=https://hooks.example.net/voip-alerts
#   ASTERISK_BIN=/usr/sbin/asterisk
set -o pipefail

CONFIG=./trunk_check.conf
QUIET=0
DRYRUN=0
STATE_FILE=/tmp/sip_trunk_state
ASTERISK_BIN=${ASTERISK_BIN:-asterisk}
TRUNKS=""
NOTIFY_URL=""

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

while getopts "c:qnh" opt; do
    case "$opt" in
        c) CONFIG=$OPTARG ;;
        q) QUIET=1 ;;
        n) DRYRUN=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -r "$CONFIG" ] && . "$CONFIG"
command -v "$ASTERISK_BIN" >/dev/null 2>&1 || die "asterisk binary not found ($ASTERISK_BIN)"

registration_state() {
    # prints "<trunk> <state>" for every outbound registration
    "$ASTERISK_BIN" -rx "pjsip show registrations" 2>/dev/null |
        awk '$1 ~ /\/sip:/ { split($1, a, "/"); print a[1], $3 }'
}

notify() {
    local text=$1
    [ -z "$NOTIFY_URL" ] && return 0
    if [ "$DRYRUN" -eq 1 ]; then
        log "dry-run: would notify: $text"
        return 0
    fi
    curl -fsS -m 10 -H 'Content-Type: application/json' \
        -d "$(printf '{"text":"%s"}' "$text")" "$NOTIFY_URL" >/dev/null ||
        log "notification failed"
}

current=$(registration_state) || die "could not query asterisk"
[ -z "$current" ] && die "no registrations returned"

changes=0
while read -r trunk state; do
    [ -n "$TRUNKS" ] && ! grep -qw -- "$trunk" <<<"$TRUNKS" && continue
    previous=$(awk -v t="$trunk" '$1 == t { print $2 }' "$STATE_FILE" 2>/dev/null)
    if [ -n "$previous" ] && [ "$previous" != "$state" ]; then
        msg="$(hostname -s): trunk $trunk $previous -> $state"
        printf '%s\n' "$msg"
        notify "$msg"
        changes=$((changes + 1))
    else
        log "trunk $trunk $state"
    fi
done <<<"$current"

printf '%s\n' "$current" >"$STATE_FILE"
log "done, $changes change(s)"
exit 0
