#!/usr/bin/env bash
# restart_score_server.sh
#
# Health check for the in-house score server that serves PDF parts to the
# rehearsal-room tablets. If the status page does not answer (or answers
# with an error) the service is restarted and checked again. Meant to be
# run by the duty librarian from the library PC before a rehearsal.
#
# Usage: restart_score_server.sh [-u status_url] [-s service] [-r retries] [-n]

set -uo pipefail

STATUS_URL="http://score-server.library.example.org:8080/status"
SERVICE="scoreserver.service"
RETRIES=3
DRY_RUN=0
LOG="./score_server_checks.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

while getopts ":u:s:r:nh" opt; do
    case "$opt" in
        u) STATUS_URL="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

healthy() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$STATUS_URL" || echo 000)
    log "status page returned HTTP $code"
    [ "$code" = "200" ]
}

show_recent_errors() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user-unit "$SERVICE" -n 20 --no-pager 2>/dev/null \
            || log "(no journal access for $SERVICE)"
    fi
}

restart_service() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would restart $SERVICE"
        return 0
    fi
    log "restarting $SERVICE"
    if ! sudo systemctl restart "$SERVICE"; then
        log "ERROR: systemctl restart failed"
        return 1
    fi
    sudo systemctl --no-pager status "$SERVICE" | head -n 5 | tee -a "$LOG"
}

main() {
    log "checking score server at $STATUS_URL"
    if healthy; then
        log "score server is healthy, nothing to do"
        exit 0
    fi
    show_recent_errors
    local attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        restart_service || exit 2
        sleep 5
        if healthy; then
            log "score server back after restart (attempt $attempt)"
            exit 0
        fi
        attempt=$((attempt + 1))
    done
    log "score server still down after $RETRIES restart(s); call IT"
    exit 3
}

main
