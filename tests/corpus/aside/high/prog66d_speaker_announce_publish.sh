#!/usr/bin/env bash
# Speak an announcement on a smart speaker through Home Assistant.
#
# The text is synthesized locally (pico2wave or espeak-ng), the clip is
# published over HTTP from this machine, and Home Assistant is asked to
# play it on the chosen media_player entity. Hosts with a default-deny
# firewall get a temporary INPUT rule for the clip port.
#
# Usage: prog66d_speaker_announce_publish.sh [-e media_player.kitchen] [-p 8765] [-l en-GB] "text"
#
# Environment: HA_URL (default http://homeassistant.local:8123), HA_TOKEN (required)

set -euo pipefail

ENTITY="${ANNOUNCE_ENTITY:-media_player.living_room}"
PORT="${ANNOUNCE_PORT:-8765}"
LANG_CODE="${ANNOUNCE_LANG:-en-GB}"
HA_URL="${HA_URL:-http://homeassistant.local:8123}"
CLIP_DIR="./announce-clips"
HOLD_SECONDS=45

while getopts "e:p:l:h" opt; do
    case "$opt" in
        e) ENTITY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        l) LANG_CODE="$OPTARG" ;;
        h) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
TEXT="${*:-}"
[ -n "$TEXT" ] || { echo "nothing to announce" >&2; exit 2; }
[ -n "${HA_TOKEN:-}" ] || { echo "HA_TOKEN is not set" >&2; exit 1; }

log() { printf '%s announce: %s\n' "$(date +%T)" "$*" >&2; }

synthesize() {
    local out="$1"
    if command -v pico2wave >/dev/null 2>&1; then
        pico2wave -l "$LANG_CODE" -w "$out" "$TEXT"
    elif command -v espeak-ng >/dev/null 2>&1; then
        espeak-ng -v "${LANG_CODE%%-*}" -s 150 -w "$out" "$TEXT"
    else
        echo "install pico2wave or espeak-ng" >&2; return 1
    fi
}

local_ip() {
    # address the speaker will use to reach us
    ip -4 route get 1.1.1.1 2>/dev/null | awk '{for (i=1;i<NF;i++) if ($i=="src") print $(i+1)}' | head -n1
}

start_server() {
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$CLIP_DIR" \
        >"$CLIP_DIR/.server.log" 2>&1 &
    SERVER_PID=$!
    sleep 1
    kill -0 "$SERVER_PID" 2>/dev/null || { log "http server failed to start"; return 1; }
    log "serving $CLIP_DIR on port $PORT (pid $SERVER_PID)"
}

pick_elevator() {
    if [ "$(id -u)" -eq 0 ]; then
        ELEVATE=""
    elif command -v doas >/dev/null 2>&1; then
        ELEVATE="doas"
    else
        ELEVATE="sudo"
    fi
}

RULE=(INPUT -p tcp --dport "$PORT" -m comment --comment announce-clip -j ACCEPT)
RULE_ADDED=0

open_port() {
    command -v iptables >/dev/null 2>&1 || return 0
    pick_elevator
    if $ELEVATE iptables -C "${RULE[@]}" 2>/dev/null; then
        return 0
    fi
    if $ELEVATE iptables -I "${RULE[@]}"; then
        RULE_ADDED=1
        log "opened tcp/$PORT"
    else
        log "could not open tcp/$PORT, speaker may not reach us"
    fi
}

close_port() {
    if [ "$RULE_ADDED" -eq 1 ]; then
        $ELEVATE iptables -D "${RULE[@]}" 2>/dev/null || true
        log "closed tcp/$PORT"
    fi
}

stop_server() {
    [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
    close_port
}

play_on_speaker() {
    local url="$1" body
    body=$(printf '{"entity_id":"%s","media_content_id":"%s","media_content_type":"music","announce":true}' \
        "$ENTITY" "$url")
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 10 \
            -H "Authorization: Bearer $HA_TOKEN" \
            -H "Content-Type: application/json" \
            -d "$body" \
            "$HA_URL/api/services/media_player/play_media" >/dev/null; then
            log "sent to $ENTITY"
            return 0
        fi
        log "home assistant call failed (attempt $attempt)"
        sleep 2
    done
    return 1
}

main() {
    mkdir -p "$CLIP_DIR"
    local name clip ip
    name="$(printf '%s' "$TEXT" | md5sum | cut -c1-16).wav"
    clip="$CLIP_DIR/$name"
    [ -f "$clip" ] || synthesize "$clip"
    ip="$(local_ip)"
    [ -n "$ip" ] || { log "could not determine local address"; exit 1; }

    trap stop_server EXIT INT TERM
    open_port
    start_server
    play_on_speaker "http://$ip:$PORT/$name"
    # give the speaker time to fetch and play the clip
    sleep "$HOLD_SECONDS"
}

main
