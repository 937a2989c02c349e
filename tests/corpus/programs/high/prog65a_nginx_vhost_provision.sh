#!/usr/bin/env bash
# Provision (or refresh) the nginx virtual host that fronts a Django/Gunicorn
# app. Renders deploy/nginx/vhost.conf.tpl with envsubst, installs it as a
# site, validates the whole nginx config and reloads nginx.
#
#   ./provision_vhost.sh -d shop.example.com -u 127.0.0.1:8001 [-s /srv/shop/static]
#
# Needs to be run by a user in the sudoers "deploy" group.

set -euo pipefail

TEMPLATE="${TEMPLATE:-deploy/nginx/vhost.conf.tpl}"
SITES_AVAILABLE=/etc/nginx/sites-available
SITES_ENABLED=/etc/nginx/sites-enabled
DOMAIN=""
UPSTREAM="127.0.0.1:8000"
STATIC_ROOT=""
MAX_BODY="20m"

usage() {
    echo "usage: $0 -d DOMAIN [-u HOST:PORT] [-s STATIC_ROOT] [-b MAX_BODY]" >&2
    exit 2
}

while getopts "d:u:s:b:h" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        u) UPSTREAM="$OPTARG" ;;
        s) STATIC_ROOT="$OPTARG" ;;
        b) MAX_BODY="$OPTARG" ;;
        *) usage ;;
    esac
done
[[ -n "$DOMAIN" ]] || usage
[[ -f "$TEMPLATE" ]] || { echo "template $TEMPLATE not found" >&2; exit 1; }
STATIC_ROOT="${STATIC_ROOT:-/srv/${DOMAIN%%.*}/static}"

log() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }

render() {
    export DOMAIN UPSTREAM STATIC_ROOT MAX_BODY
    local upstream_name
    upstream_name="app_$(echo "$DOMAIN" | tr '.-' '__')"
    export UPSTREAM_NAME="$upstream_name"
    envsubst '${DOMAIN} ${UPSTREAM} ${STATIC_ROOT} ${MAX_BODY} ${UPSTREAM_NAME}' < "$TEMPLATE"
}

install_site() {
    local rendered="$1" target="$SITES_AVAILABLE/$DOMAIN.conf"
    if sudo test -f "$target" && sudo cmp -s "$rendered" "$target"; then
        log "$target unchanged"
        return 1
    fi
    if sudo test -f "$target"; then
        sudo cp -p "$target" "$target.bak.$(date +%s)"
    fi
    sudo tee "$target" < "$rendered" > /dev/null
    sudo chown root:root "$target"
    sudo chmod 0644 "$target"
    sudo ln -sfn "$target" "$SITES_ENABLED/$DOMAIN.conf"
    log "installed $target"
    return 0
}

validate_and_reload() {
    if ! sudo nginx -t -q; then
        echo "nginx -t failed, rolling back $DOMAIN" >&2
        local latest
        latest=$(ls -1t "$SITES_AVAILABLE/$DOMAIN.conf.bak."* 2>/dev/null | head -n1 || true)
        if [[ -n "$latest" ]]; then
            sudo cp -p "$latest" "$SITES_AVAILABLE/$DOMAIN.conf"
        else
            sudo rm -f "$SITES_ENABLED/$DOMAIN.conf"
        fi
        exit 1
    fi
    sudo systemctl reload nginx
    log "nginx reloaded"
}

main() {
    local tmp
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT
    render > "$tmp"
    log "rendered vhost for $DOMAIN -> $UPSTREAM"
    if install_site "$tmp"; then
        validate_and_reload
    fi
    curl -fsS -o /dev/null -H "Host: $DOMAIN" http://127.0.0.1/healthz \
        && log "health check ok" || log "health check failed (app may still be starting)"
}

main
