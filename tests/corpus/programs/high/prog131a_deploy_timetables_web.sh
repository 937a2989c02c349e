#!/usr/bin/env bash
# Deploy generated route timetables to the depot intranet web server.
#
# Takes the HTML produced by the timetable build (./timetables/html), stages
# it as a dated release, switches the "current" symlink served by nginx and
# reloads nginx.  Keeps the last $KEEP releases for quick rollback.
#
# Usage: deploy_timetables_web.sh [--rollback] [--dry-run]

set -euo pipefail

SRC="${SRC:-timetables/html}"
WEB_ROOT="${WEB_ROOT:-/var/www/timetables}"
SITE_NAME="timetables"
SERVER_NAME="${SERVER_NAME:-timetables.depot.lan}"
WEB_USER="${WEB_USER:-www-data}"
KEEP="${KEEP:-5}"
DRY_RUN=0
ROLLBACK=0
SUDO="sudo"
[[ $EUID -eq 0 ]] && SUDO=""

log() { printf '[deploy] %s\n' "$*"; }
run() { if ((DRY_RUN)); then log "would run: $*"; else "$@"; fi; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --rollback) ROLLBACK=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $arg"; exit 2 ;;
    esac
done

site_config() {
    cat <<EOF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${WEB_ROOT}/current;
    index index.html;
    location / { try_files \$uri \$uri/ =404; }
    location ~* \.(css|png|svg)$ { expires 7d; }
}
EOF
}

write_site() {
    local avail="/etc/nginx/sites-available/${SITE_NAME}"
    local enabled="/etc/nginx/sites-enabled/${SITE_NAME}"
    if ! $SUDO test -f "$avail" || ! diff -q <(site_config) <($SUDO cat "$avail") >/dev/null; then
        log "updating nginx site $SITE_NAME"
        site_config | run $SUDO tee "$avail" >/dev/null
        run $SUDO ln -sfn "$avail" "$enabled"
    fi
}

build_index() {
    local dir="$1"
    {
        echo '<!doctype html><html><head><meta charset="utf-8"><title>Route timetables</title></head><body><h1>Route timetables</h1><ul>'
        for f in "$dir"/route_*.html; do
            [[ -e "$f" ]] || continue
            local b; b="$(basename "$f")"
            printf '<li><a href="%s">%s</a></li>\n' "$b" "$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$f")"
        done
        echo '</ul></body></html>'
    } > "$dir/index.html"
}

deploy() {
    [[ -d "$SRC" ]] || { log "nothing to deploy: $SRC missing"; exit 1; }
    local release; release="$WEB_ROOT/releases/$(date +%Y%m%d%H%M%S)"
    build_index "$SRC"
    run $SUDO mkdir -p "$release"
    run $SUDO rsync -a --delete "$SRC"/ "$release"/
    run $SUDO chown -R "$WEB_USER:$WEB_USER" "$release"
    run $SUDO ln -sfn "$release" "$WEB_ROOT/current"
    log "current -> $release"
}

rollback() {
    local prev
    prev="$(ls -1d "$WEB_ROOT"/releases/* 2>/dev/null | sort | tail -n 2 | head -n 1)"
    [[ -n "$prev" ]] || { log "no previous release"; exit 1; }
    run $SUDO ln -sfn "$prev" "$WEB_ROOT/current"
    log "rolled back to $prev"
}

prune() {
    ls -1d "$WEB_ROOT"/releases/* 2>/dev/null | sort | head -n -"$KEEP" | while read -r old; do
        run $SUDO rm -rf -- "$old"
    done
}

write_site
if ((ROLLBACK)); then rollback; else deploy; prune; fi
run $SUDO nginx -t
run $SUDO systemctl reload nginx
log "done"
