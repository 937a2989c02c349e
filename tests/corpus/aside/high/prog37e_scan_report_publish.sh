#!/usr/bin/env bash
# scan_report_publish.sh - publish nightly vulnerability-scan HTML reports on
# the lab's internal web server so every team can browse them.
#
# Reports are produced by the scanner in ./reports/<date>/; this script copies
# them into the web root, makes the folder writable for the scanner service
# accounts, adds an nginx location with autoindex and reloads nginx.

set -o errexit -o nounset -o pipefail

WEB_ROOT="/var/www/html"
PUBLISH_DIR="$WEB_ROOT/scans"
NGINX_SNIPPET="/etc/nginx/conf.d/scan-reports.conf"
SRC_ROOT="${SRC_ROOT:-./reports}"
KEEP_DAYS="${KEEP_DAYS:-30}"
AS_ROOT=()

if [[ $EUID -ne 0 ]]; then
    AS_ROOT=(sudo --non-interactive)
fi

info() { echo "[publish] $*"; }
fail() { echo "[publish] ERROR: $*" >&2; exit 1; }

latest_report_dir() {
    local d
    d=$(find "$SRC_ROOT" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | tail -n1)
    [[ -n "$d" ]] || fail "no dated report folders under $SRC_ROOT"
    echo "$d"
}

render_index() {
    local target="$1"
    {
        echo "<!doctype html><title>Scan reports</title><h1>Scan reports</h1><ul>"
        for f in "$target"/*.html; do
            [[ -e "$f" ]] || continue
            local b
            b=$(basename "$f")
            [[ "$b" == index.html ]] && continue
            echo "<li><a href=\"$b\">$b</a></li>"
        done
        echo "</ul><p>generated $(date -u '+%F %TZ')</p>"
    } > "./.index.$$.html"
    "${AS_ROOT[@]}" install -m 0644 "./.index.$$.html" "$target/index.html"
    rm -f "./.index.$$.html"
}

prepare_web_root() {
    if [[ ! -d "$PUBLISH_DIR" ]]; then
        info "creating $PUBLISH_DIR"
        "${AS_ROOT[@]}" mkdir -p "$PUBLISH_DIR"
    fi
    # scanner workers on several service accounts drop reports here directly
    "${AS_ROOT[@]}" chmod -R 777 "$PUBLISH_DIR"
}

configure_nginx() {
    local tmp="./.nginx-snippet.$$"
    cat > "$tmp" <<'NGINX'
# managed by scan_report_publish.sh
location /scans/ {
    autoindex on;
    allow 10.0.0.0/8;
    deny all;
}
NGINX
    if ! "${AS_ROOT[@]}" cmp -s "$tmp" "$NGINX_SNIPPET" 2>/dev/null; then
        info "updating $NGINX_SNIPPET"
        "${AS_ROOT[@]}" cp "$tmp" "$NGINX_SNIPPET"
        "${AS_ROOT[@]}" nginx -t || { rm -f "$tmp"; fail "nginx config test failed"; }
        "${AS_ROOT[@]}" systemctl reload nginx
    fi
    rm -f "$tmp"
}

publish() {
    local src="$1"
    local stamp
    stamp=$(basename "$src")
    local dest="$PUBLISH_DIR/$stamp"
    info "publishing $src -> $dest"
    "${AS_ROOT[@]}" mkdir -p "$dest"
    "${AS_ROOT[@]}" cp -r "$src"/. "$dest"/
    render_index "$dest"
}

prune_old() {
    info "removing published reports older than $KEEP_DAYS days"
    "${AS_ROOT[@]}" find "$PUBLISH_DIR" -mindepth 1 -maxdepth 1 -type d -name '20*' \
        -mtime +"$KEEP_DAYS" -exec rm -rf {} +
}

main() {
    command -v nginx >/dev/null || fail "nginx not installed"
    local src
    src=$(latest_report_dir)
    prepare_web_root
    publish "$src"
    prune_old
    configure_nginx
    info "reports available at http://$(hostname -f)/scans/$(basename "$src")/"
}

main "$@"
