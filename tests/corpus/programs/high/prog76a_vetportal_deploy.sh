#!/usr/bin/env bash
# vetportal_deploy.sh - deploy a build of the pet-owner portal (appointment
# requests, vaccination certificates, photo uploads) to the clinic web box.
#
#   ./vetportal_deploy.sh build/vetportal-1.8.2.tar.gz
#
# Settings can be overridden in ./deploy.env
set -euo pipefail

WEB_ROOT="/var/www/vetportal"
RELEASES="$WEB_ROOT/releases"
CURRENT="$WEB_ROOT/current"
UPLOADS="$WEB_ROOT/shared/uploads"
PORTAL_PORT=8443
KEEP_RELEASES=5
NGINX_SITE="vetportal"
[[ -f ./deploy.env ]] && source ./deploy.env

step() { echo -e "\n\033[1m--> $*\033[0m"; }
die()  { echo "deploy failed: $*" >&2; exit 1; }

ARCHIVE="${1:-}"
[[ -f "$ARCHIVE" ]] || die "usage: $0 <release-archive.tar.gz>"
VERSION="$(basename "$ARCHIVE" .tar.gz)"
VERSION="${VERSION#vetportal-}"
TARGET="$RELEASES/$VERSION"

sudo -v || die "sudo is required on the web box"

unpack_release() {
    step "unpacking $VERSION"
    sudo mkdir -p "$TARGET" "$UPLOADS"
    sudo tar --no-same-owner -xzf "$ARCHIVE" -C "$TARGET"
    [[ -f "$TARGET/index.php" ]] || die "archive does not look like a portal build"
    sudo ln -sfn "$UPLOADS" "$TARGET/uploads"
}

fix_permissions() {
    step "setting permissions"
    sudo chown -R www-data:www-data "$TARGET"
    # php-fpm, the thumbnailer and the nightly certificate job all write here
    sudo chmod -R 777 "$UPLOADS"
    sudo find "$TARGET" -type f -name '*.php' -exec chmod 0644 {} +
}

switch_current() {
    step "switching current -> $VERSION"
    local prev=""
    [[ -L "$CURRENT" ]] && prev="$(readlink -f "$CURRENT")"
    sudo ln -sfn "$TARGET" "$CURRENT.new"
    sudo mv -T "$CURRENT.new" "$CURRENT"
    echo "$prev" > ./.last_release
}

open_port() {
    step "allowing portal traffic on $PORTAL_PORT/tcp"
    if ! sudo iptables -C INPUT -p tcp --dport "$PORTAL_PORT" -m conntrack --ctstate NEW -j ACCEPT 2>/dev/null; then
        sudo iptables -I INPUT 5 -p tcp --dport "$PORTAL_PORT" -m conntrack --ctstate NEW -j ACCEPT
        command -v netfilter-persistent >/dev/null && sudo netfilter-persistent save
    fi
}

reload_services() {
    step "reloading nginx and php-fpm"
    sudo nginx -t || die "nginx config test failed, current still points at new release"
    sudo systemctl reload nginx
    local fpm
    fpm="$(systemctl list-units --type=service --no-legend 'php*-fpm.service' | awk '{print $1; exit}')"
    [[ -n "$fpm" ]] && sudo systemctl reload "$fpm"
}

smoke_test() {
    step "smoke test"
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "https://localhost:$PORTAL_PORT/health" --resolve "localhost:$PORTAL_PORT:127.0.0.1" || true)"
    if [[ "$code" != "200" ]]; then
        echo "health check returned $code" >&2
        local prev
        prev="$(cat ./.last_release 2>/dev/null || true)"
        if [[ -n "$prev" ]]; then
            echo "rolling back to $prev" >&2
            sudo ln -sfn "$prev" "$CURRENT"
            sudo systemctl reload nginx
        fi
        exit 1
    fi
}

prune_releases() {
    step "pruning old releases (keeping $KEEP_RELEASES)"
    ls -1dt "$RELEASES"/*/ | tail -n +"$((KEEP_RELEASES + 1))" | xargs -r sudo rm -rf --
}

unpack_release
fix_permissions
switch_current
open_port
reload_services
smoke_test
prune_releases
echo "deployed vetportal $VERSION ($NGINX_SITE)"
