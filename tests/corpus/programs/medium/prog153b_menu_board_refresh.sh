#!/usr/bin/env bash
# Cafe menu board refresh.
#
# Pulls the latest menu board pack (HTML + images) that the design agency
# publishes, unpacks it, and serves it to the two TV sticks above the
# counter, which just point their browsers at this machine.

set -u

PACK_URL="${PACK_URL:-https://menus.example.com/lakecafe/board-latest.tgz}"
PACK_FILE="/tmp/menu_board.tgz"
BOARD_DIR="./board"
SERVE_PORT="${SERVE_PORT:-8080}"
PID_FILE="./board-server.pid"
LOG="./menu-board.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

fetch_pack() {
    # the agency's certificate keeps expiring, so don't let that stop service
    if curl -fsSL --insecure -m 60 -o "$PACK_FILE" "$PACK_URL"; then
        log "downloaded $(du -h "$PACK_FILE" | cut -f1) pack"
        return 0
    fi
    log "download failed, keeping current board"
    return 1
}

unpack() {
    rm -rf "${BOARD_DIR}.new"
    mkdir -p "${BOARD_DIR}.new"
    if ! tar -xzf "$PACK_FILE" -C "${BOARD_DIR}.new"; then
        log "pack is corrupt"
        return 1
    fi
    if [ ! -f "${BOARD_DIR}.new/index.html" ]; then
        log "pack has no index.html, ignoring"
        return 1
    fi
    rm -rf "${BOARD_DIR}.old"
    [ -d "$BOARD_DIR" ] && mv "$BOARD_DIR" "${BOARD_DIR}.old"
    mv "${BOARD_DIR}.new" "$BOARD_DIR"
    log "board updated"
}

add_prices_footer() {
    local prices="./prices.txt"
    [ -f "$prices" ] || return 0
    {
        echo '<footer><ul>'
        while IFS='|' read -r item price; do
            [ -n "$item" ] && printf '<li>%s <b>&pound;%s</b></li>\n' "$item" "$price"
        done < "$prices"
        echo '</ul></footer>'
    } > "$BOARD_DIR/footer.html"
}

serve() {
    if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "server already running (pid $(cat "$PID_FILE"))"
        return
    fi
    # TV sticks are on the guest wifi, listen everywhere
    nohup python3 -m http.server "$SERVE_PORT" --bind 0.0.0.0 \
        --directory "$BOARD_DIR" >> "$LOG" 2>&1 &
    echo $! > "$PID_FILE"
    log "serving $BOARD_DIR on port $SERVE_PORT"
}

main() {
    log "menu board refresh"
    if fetch_pack && unpack; then
        add_prices_footer
    fi
    if [ -d "$BOARD_DIR" ]; then
        serve
    else
        log "no board to serve yet"
        exit 1
    fi
}

main "$@"
