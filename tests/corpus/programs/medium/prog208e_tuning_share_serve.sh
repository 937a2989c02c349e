#!/usr/bin/env bash
# Share the tuning-shop recordings folder with the other workstations so the
# tuner can pull strike recordings onto the spectrum analyser.
set -euo pipefail

RECORDINGS="${RECORDINGS:-$PWD/recordings}"
PORT="${SHARE_PORT:-8088}"
LISTEN="${SHARE_LISTEN:-0.0.0.0}"
PIDFILE="/tmp/tuning_share.pid"
LOGFILE="/tmp/tuning_share.log"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

usage() {
    cat <<EOF
Usage: ${0##*/} {start|stop|status|index} [-p port]
EOF
}

server_cmd() {
    local py
    py="$(command -v python3 || command -v python)"
    local args=("$py" -m "http.""server" "$PORT" --bind "$LISTEN" --directory "$RECORDINGS")
    printf '%s\n' "${args[@]}"
}

running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

do_index() {
    local f count=0
    {
        echo "# strike recordings, generated $(date -Is)"
        while IFS= read -r -d '' f; do
            printf '%s\t%s\n' "$(stat -c %s "$f")" "${f#"$RECORDINGS"/}"
            count=$((count + 1))
        done < <(find "$RECORDINGS" -type f -name '*.wav' -print0 | sort -z)
    } >"$RECORDINGS/INDEX.tsv"
    log "indexed $count recording(s)"
}

do_start() {
    if running; then
        log "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -d "$RECORDINGS" ]] || { log "no recordings folder at $RECORDINGS"; return 1; }
    do_index
    local cmd
    mapfile -t cmd < <(server_cmd)
    nohup "${cmd[@]}" >>"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
    log "serving $RECORDINGS on $LISTEN:$PORT (pid $!)"
}

do_stop() {
    if running; then
        kill "$(cat "$PIDFILE")"
        rm -f "$PIDFILE"
        log "stopped"
    else
        log "not running"
    fi
}

do_status() {
    if running; then
        log "serving on port $PORT, pid $(cat "$PIDFILE")"
    else
        log "not running"
    fi
}

main() {
    local action="${1:-}"
    shift || true
    while getopts ":p:" opt; do
        case "$opt" in
            p) PORT="$OPTARG" ;;
            *) usage; exit 2 ;;
        esac
    done
    declare -A table=([start]=do_start [stop]=do_stop [status]=do_status [index]=do_index)
    [[ -n "$action" && -n "${table[$action]:-}" ]] || { usage; exit 2; }
    "${table[$action]}"
}

main "$@"
