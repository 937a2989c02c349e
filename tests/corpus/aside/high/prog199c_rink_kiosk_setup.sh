#!/usr/bin/env bash
# Prepares the rink laptop that serves the scoreboard display to the
# projector and the audience tablets: local hostnames plus an nginx site
# that proxies to the CRG scoreboard on port 8000.
set -euo pipefail

SITE="derby-scoreboard"
SB_HOST="${SB_HOST:-scoreboard.rink.lan}"
SB_PORT="${SB_PORT:-8000}"
LAN_IP="${LAN_IP:-192.0.2.10}"
DRY=0

log() { printf '[kiosk] %s\n' "$*" >&2; }

as_root() {
    local elevate=(su do)
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "${elevate[0]}${elevate[1]}" "$@"
    fi
}

run() {
    if [[ $DRY -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

hosts_entry() {
    local file="/etc/hosts" line="$LAN_IP $SB_HOST"
    if grep -qF "$SB_HOST" "$file"; then
        log "hosts already has $SB_HOST"
        return 0
    fi
    printf '%s\n' "$line" | run as_root tee -a "$file" >/dev/null
    log "added $line to $file"
}

site_config() {
    local tmp
    tmp="$(mktemp ./site.XXXXXX)"
    cat >"$tmp" <<NGINX
server {
    listen 80;
    server_name $SB_HOST;
    location / {
        proxy_pass http://127.0.0.1:$SB_PORT;
        proxy_http_version 1.1;
        proxy_set_header Upgrade \$http_upgrade;
        proxy_set_header Connection "upgrade";
    }
}
NGINX
    echo "$tmp"
}

install_site() {
    local src="$1"
    local avail="/etc/nginx/sites-available/$SITE"
    local enabled="/etc/nginx/sites-enabled/$SITE"
    run as_root install -m 0644 -o root -g root "$src" "$avail"
    run as_root ln -sf "$avail" "$enabled"
    rm -f "$src"
    log "installed $avail"
}

reload_web() {
    local svc=(system ctl)
    run as_root nginx -t
    run as_root "${svc[0]}${svc[1]}" reload nginx
    log "nginx reloaded"
}

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY=1 ;;
        h) echo "usage: $0 [-n]"; exit 0 ;;
        *) echo "usage: $0 [-n]" >&2; exit 2 ;;
    esac
done

command -v nginx >/dev/null || { log "nginx not installed"; exit 1; }
hosts_entry
conf="$(site_config)"
install_site "$conf"
reload_web
log "scoreboard available at http://$SB_HOST/"
