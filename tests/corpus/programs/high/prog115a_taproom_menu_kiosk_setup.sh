#!/bin/sh
# taproom_menu_kiosk_setup.sh - point a taproom TV box at the local menu board.
#
# The menu board app (nginx + static build) runs on the box itself. This
# script drops in the current build, maps the short name "menu.taproom"
# to the box, and reloads nginx so the TVs pick it up.
set -eu

BUILD_DIR="${1:-./dist}"
SITE_NAME="menuboard"
HOST_ALIAS="menu.taproom"
WEB_ROOT="/var/www/$SITE_NAME"
NGINX_SITE="/etc/nginx/sites-available/$SITE_NAME"
LISTEN_PORT="${MENU_PORT:-8080}"

say() { echo "==> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        fail "need root for: $*"
    fi
}

check_build() {
    [ -d "$BUILD_DIR" ] || fail "no build at $BUILD_DIR (run npm run build first)"
    [ -f "$BUILD_DIR/index.html" ] || fail "$BUILD_DIR has no index.html"
}

publish_build() {
    say "publishing $BUILD_DIR to $WEB_ROOT"
    as_root mkdir -p "$WEB_ROOT"
    as_root cp -R "$BUILD_DIR"/. "$WEB_ROOT"/
    as_root chown -R www-data:www-data "$WEB_ROOT"
}

write_site() {
    say "writing nginx site $NGINX_SITE"
    as_root tee "$NGINX_SITE" >/dev/null <<EOF
server {
    listen 127.0.0.1:$LISTEN_PORT;
    server_name $HOST_ALIAS;
    root $WEB_ROOT;
    index index.html;
    location /api/ { proxy_pass http://127.0.0.1:5055/; }
    location / { try_files \$uri /index.html; }
}
EOF
    as_root ln -sf "$NGINX_SITE" "/etc/nginx/sites-enabled/$SITE_NAME"
}

map_alias() {
    if grep -q "[[:space:]]$HOST_ALIAS\$" /etc/hosts; then
        say "$HOST_ALIAS already in /etc/hosts"
        return
    fi
    say "adding $HOST_ALIAS to /etc/hosts"
    printf '127.0.0.1\t%s\n' "$HOST_ALIAS" | as_root tee -a /etc/hosts >/dev/null
}

reload_web() {
    as_root nginx -t || fail "nginx config test failed"
    as_root systemctl reload nginx || as_root systemctl restart nginx
    say "nginx reloaded"
}

smoke_test() {
    if command -v curl >/dev/null 2>&1; then
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://$HOST_ALIAS:$LISTEN_PORT/")
        say "menu board answered HTTP $code"
    fi
}

check_build
publish_build
write_site
map_alias
reload_web
smoke_test
say "point the TV browsers at http://$HOST_ALIAS:$LISTEN_PORT/"
