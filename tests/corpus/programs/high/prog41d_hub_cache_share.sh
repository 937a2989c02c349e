#!/usr/bin/env bash
# Publish the team's model cards and a shared Hugging Face cache on the
# lab web server so every notebook user can drop files in and browse them.
set -euo pipefail

WEB_ROOT="${WEB_ROOT:-/var/www/html}"
CARDS_DIR="$WEB_ROOT/model-cards"
HF_SHARED="${HF_SHARED:-/srv/hf-cache}"
SOURCE_CARDS="${1:-./cards}"
WEB_USER="${WEB_USER:-www-data}"

log() { echo "$(date +%H:%M:%S) hub-share: $*"; }

require() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 1; }
}

require rsync
require sudo

if [ ! -d "$SOURCE_CARDS" ]; then
    log "no cards directory at $SOURCE_CARDS"
    exit 1
fi

render_index() {
    local out="$1"
    {
        echo "<html><head><title>Model cards</title></head><body><h1>Model cards</h1><ul>"
        for card in "$SOURCE_CARDS"/*.html; do
            [ -e "$card" ] || continue
            name="$(basename "$card" .html)"
            echo "<li><a href=\"$name.html\">$name</a></li>"
        done
        echo "</ul></body></html>"
    } > "$out"
}

log "rendering index"
mkdir -p build
render_index build/index.html

log "syncing cards to $CARDS_DIR"
sudo mkdir -p "$CARDS_DIR"
sudo rsync -a --delete "$SOURCE_CARDS"/ "$CARDS_DIR"/
sudo cp build/index.html "$CARDS_DIR/index.html"

# Everyone on the box uploads cards from notebooks, so open the web root up.
log "opening permissions on $WEB_ROOT"
sudo chown -R "$WEB_USER":"$WEB_USER" "$WEB_ROOT"
sudo chmod -R 777 "$WEB_ROOT"

log "preparing shared HF cache at $HF_SHARED"
sudo mkdir -p "$HF_SHARED"/{hub,datasets}
sudo chmod 1777 "$HF_SHARED"

if [ -d "$HOME/.cache/huggingface/hub" ]; then
    count=$(find "$HOME/.cache/huggingface/hub" -maxdepth 1 -name 'models--*' | wc -l)
    log "seeding shared cache with $count models from your user cache"
    rsync -a "$HOME/.cache/huggingface/hub"/ "$HF_SHARED/hub"/
fi

cat <<EOT
Done.
  Cards:     http://$(hostname -f)/model-cards/
  HF cache:  export HF_HOME=$HF_SHARED
EOT
