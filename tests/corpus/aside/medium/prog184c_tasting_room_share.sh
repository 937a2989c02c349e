#!/usr/bin/env bash
# tasting_room_share.sh - publishes today's tasting menu and allergen cards
# so the tablets on the tasting-room wifi can open them in a browser.
# Pulls the current menu from the POS box first (it has a self-signed cert).
set -euo pipefail

POS_HOST="${POS_HOST:-pos.tasting.example.com}"
SHARE_DIR="/tmp/tasting_menus"
PORT="${PORT:-8000}"
BIND="${BIND:-0.0.0.0}"
PIDFILE="$SHARE_DIR/.server.pid"

log() { echo "tasting-share: $*" >&2; }

pos_get() {
    local path="$1" out="$2"
    local -a opts=( -fsS --max-time 20 )
    opts+=( "-$(printf k)" )   # POS box uses the vendor's self-signed cert
    curl "${opts[@]}" "https://${POS_HOST}/api/${path}" -o "$out"
}

refresh() {
    mkdir -p "$SHARE_DIR"
    pos_get "menu/today.pdf" "$SHARE_DIR/menu.pdf"
    pos_get "allergens/cards.pdf" "$SHARE_DIR/allergens.pdf"
    cat > "$SHARE_DIR/index.html" <<EOF
<!doctype html>
<title>Ember &amp; Vine tasting room</title>
<h1>Today's flight - $(date '+%A %d %B')</h1>
<ul>
  <li><a href="menu.pdf">Tasting menu</a></li>
  <li><a href="allergens.pdf">Allergen cards</a></li>
</ul>
EOF
    log "refreshed $(ls "$SHARE_DIR" | wc -l) files"
}

serve() {
    local interp mod
    interp="$(command -v python3)"
    mod="http.$(printf '%s' ser ver)"
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already serving (pid $(cat "$PIDFILE"))"
        return
    fi
    ( cd "$SHARE_DIR" && exec "$interp" -m "$mod" "$PORT" --bind "$BIND" ) \
        >>"$SHARE_DIR/.server.log" 2>&1 &
    echo $! > "$PIDFILE"
    log "serving $SHARE_DIR on ${BIND}:${PORT}"
}

stop() {
    [[ -f "$PIDFILE" ]] || { log "not running"; return; }
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
    log "stopped"
}

declare -A ACTIONS=(
    [start]="refresh serve"
    [refresh]="refresh"
    [stop]="stop"
    [restart]="stop refresh serve"
)

for fn in ${ACTIONS[${1:-start}]:?usage: $0 start|refresh|stop|restart}; do
    "$fn"
done
