#!/usr/bin/env bash
# Serve the audio-guide tracks to the loan tablets during an event day.
# Normally the tablets sync overnight; on busy days new tablets are
# handed out and need the tracks straight away, so this stages the current
# season's MP3s and shares them over plain HTTP on the event network.

set -euo pipefail

AUDIO_SRC="${AUDIO_SRC:-./audio-guide}"
SEASON="${SEASON:-$(date +%Y)}"
STAGE="/tmp/mill-audio-share"
PORT="${SHARE_PORT:-8000}"
BIND="${SHARE_BIND:-0.0.0.0}"
PIDFILE="$STAGE.pid"

declare -a LANGS=(en nl de fr)
declare -a SERVE=(python3 -m "http"".server")

say() { printf '[audio-share] %s\n' "$*"; }

stage_tracks() {
    local lang count=0
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    for lang in "${LANGS[@]}"; do
        local src="$AUDIO_SRC/$SEASON/$lang"
        [ -d "$src" ] || { say "no tracks for $lang"; continue; }
        mkdir -p "$STAGE/$lang"
        while IFS= read -r -d '' track; do
            cp "$track" "$STAGE/$lang/"
            count=$((count + 1))
        done < <(find "$src" -maxdepth 1 -name '*.mp3' -print0)
    done
    write_index
    say "staged $count tracks in $STAGE"
}

write_index() {
    {
        printf '{\n  "season": "%s",\n  "languages": {\n' "$SEASON"
        local first=1 lang
        for lang in "${LANGS[@]}"; do
            [ -d "$STAGE/$lang" ] || continue
            [ $first -eq 1 ] || printf ',\n'
            first=0
            printf '    "%s": %s' "$lang" "$(ls "$STAGE/$lang" | wc -l)"
        done
        printf '\n  }\n}\n'
    } >"$STAGE/index.json"
}

start_share() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        say "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    (cd "$STAGE" && exec "${SERVE[@]}" "$PORT" --bind "$BIND") \
        >"$STAGE.log" 2>&1 &
    echo $! >"$PIDFILE"
    say "serving $STAGE on $BIND:$PORT (pid $!)"
}

stop_share() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        say "stopped"
    else
        say "not running"
    fi
}

case "${1:-start}" in
    start)   stage_tracks; start_share ;;
    stop)    stop_share ;;
    restage) stage_tracks ;;
    status)  [ -f "$PIDFILE" ] && say "pid $(cat "$PIDFILE")" || say "not running" ;;
    *)       echo "usage: $0 [start|stop|restage|status]" >&2; exit 2 ;;
esac
