#!/usr/bin/env bash
# bandersnatch_mirror_setup.sh - set up a partial PyPI mirror for the
# project's CI fleet: writes a bandersnatch config that only mirrors our
# dependency allowlist, runs the first sync and publishes the mirror through
# the host's nginx.
#
#   ./bandersnatch_mirror_setup.sh [--root DIR] [--server-name NAME] [--allowlist FILE]
set -Eeuo pipefail

MIRROR_ROOT="${MIRROR_ROOT:-$PWD/pypi-mirror}"
SERVER_NAME="${SERVER_NAME:-pypi.ci.libquill.dev}"
ALLOWLIST="${ALLOWLIST:-requirements/mirror-allowlist.txt}"
WORKERS="${BANDERSNATCH_WORKERS:-3}"
SITE_NAME="pypi-mirror"
CONF="bandersnatch.conf"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }
trap 'warn "failed at line $LINENO"' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --root) MIRROR_ROOT="$2"; shift 2 ;;
        --server-name) SERVER_NAME="$2"; shift 2 ;;
        --allowlist) ALLOWLIST="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

write_bandersnatch_conf() {
    [[ -f "$ALLOWLIST" ]] || { warn "allowlist $ALLOWLIST not found"; exit 1; }
    info "writing $CONF for $(grep -cv '^\s*#' "$ALLOWLIST") packages"
    {
        cat <<EOF
[mirror]
directory = $MIRROR_ROOT
master = https://pypi.org
json = true
workers = $WORKERS
timeout = 30
stop-on-error = false
hash-index = false

[plugins]
enabled =
    allowlist_project

[allowlist]
packages =
EOF
        grep -v '^\s*#' "$ALLOWLIST" | sed '/^\s*$/d; s/^/    /'
    } > "$CONF"
}

first_sync() {
    command -v bandersnatch >/dev/null || python3 -m pip install --user 'bandersnatch>=6.3'
    mkdir -p "$MIRROR_ROOT"
    info "initial sync into $MIRROR_ROOT (this can take a while)"
    bandersnatch --config "$CONF" mirror
}

publish_with_nginx() {
    local avail="/etc/nginx/sites-available/$SITE_NAME"
    local enabled="/etc/nginx/sites-enabled/$SITE_NAME"
    info "installing nginx site $avail"
    as_root tee "$avail" >/dev/null <<EOF
server {
    listen 80;
    server_name $SERVER_NAME;
    root $MIRROR_ROOT/web;
    autoindex on;
    charset utf-8;

    location /simple/ {
        index index.html;
        types { }
        default_type text/html;
    }
    location /packages/ {
        expires 30d;
        add_header Cache-Control "public, immutable";
    }
}
EOF
    as_root ln -sf "$avail" "$enabled"
    as_root nginx -t
    as_root systemctl reload nginx
}

main() {
    write_bandersnatch_conf
    first_sync
    publish_with_nginx
    info "mirror available at http://$SERVER_NAME/simple/"
    info "point CI at it with: PIP_INDEX_URL=http://$SERVER_NAME/simple/"
}

main
