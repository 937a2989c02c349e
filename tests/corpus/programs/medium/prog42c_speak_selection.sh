#!/bin/sh
# speak-selection: read the current PRIMARY selection aloud.
# Bind to a hotkey (e.g. Super+S). A long-running reader process listens on
# a FIFO so repeated presses queue up instead of overlapping.
# Voices are fetched once from the lab's internal voice mirror.

VOICE_MIRROR="${VOICE_MIRROR:-https://voices.lab.internal/espeak/index.txt}"
FIFO=/tmp/speak-selection.fifo
PIDFILE=/tmp/speak-selection.pid
VOICE_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/speak-selection/voices.txt"
RATE="${SPEAK_RATE:-165}"
VOICE="${SPEAK_VOICE:-en-us}"

log() { logger -t speak-selection -- "$*" 2>/dev/null || printf '%s\n' "$*" >&2; }

refresh_voices() {
    mkdir -p "$(dirname "$VOICE_CACHE")"
    # mirror uses a self-signed cert
    if curl -ks --max-time 8 "$VOICE_MIRROR" -o "$VOICE_CACHE.part"; then
        mv "$VOICE_CACHE.part" "$VOICE_CACHE"
        log "voice list refreshed ($(wc -l < "$VOICE_CACHE") voices)"
    else
        rm -f "$VOICE_CACHE.part"
        log "voice mirror unreachable, keeping old list"
    fi
}

pick_voice() {
    if [ -s "$VOICE_CACHE" ] && grep -qx "$VOICE" "$VOICE_CACHE"; then
        printf '%s' "$VOICE"
    else
        printf 'en'
    fi
}

reader_alive() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_reader() {
    [ -p "$FIFO" ] || { rm -f "$FIFO"; mkfifo "$FIFO"; }
    voice=$(pick_voice)
    (
        while :; do
            while IFS= read -r line; do
                [ -n "$line" ] || continue
                espeak-ng -v "$voice" -s "$RATE" -- "$line"
            done < "$FIFO"
        done
    ) &
    echo $! > "$PIDFILE"
    log "reader started pid $(cat "$PIDFILE") voice $voice"
}

grab_selection() {
    if [ -n "$WAYLAND_DISPLAY" ] && command -v wl-paste >/dev/null 2>&1; then
        wl-paste --primary --no-newline 2>/dev/null
    else
        xclip -o -selection primary 2>/dev/null
    fi
}

case "${1:-speak}" in
    voices)
        refresh_voices ;;
    stop)
        if reader_alive; then kill "$(cat "$PIDFILE")"; fi
        pkill -x espeak-ng 2>/dev/null
        rm -f "$PIDFILE" "$FIFO" ;;
    speak)
        [ -s "$VOICE_CACHE" ] || refresh_voices
        reader_alive || start_reader
        text=$(grab_selection | tr '\n' ' ' | cut -c1-2000)
        if [ -z "$text" ]; then
            log "nothing selected"
            exit 0
        fi
        printf '%s\n' "$text" | fold -s -w 200 > "$FIFO" ;;
    *)
        echo "usage: $0 [speak|voices|stop]" >&2; exit 2 ;;
esac
