#!/bin/sh
# storefront_maintenance_toggle.sh - put the shop into (or take it out of)
# maintenance mode at the nginx edge during catalogue migrations or PSP
# cut-overs.
#
# "on"  installs a server-level include that answers 503 with the branded
#       maintenance page for everyone except the office IPs in allow.list,
#       and keeps /webhooks/ open so payment notifications still arrive.
# "off" removes the include.  Both validate the config and reload nginx.
#
# Usage: storefront_maintenance_toggle.sh on|off|status [-m "message"]

set -eu

NGINX_SNIPPET=/etc/nginx/snippets/storefront-maintenance.conf
PAGE_DIR=/usr/share/nginx/maintenance
ALLOW_LIST="${ALLOW_LIST:-./allow.list}"
PAGE_SRC="${PAGE_SRC:-./maintenance.html}"
MESSAGE="We are updating the shop and will be back shortly."

say() { echo "maintenance: $*"; }
fail() { say "error: $*" >&2; exit 1; }

[ $# -ge 1 ] || fail "usage: $0 on|off|status [-m message]"
ACTION="$1"; shift
while [ $# -gt 0 ]; do
    case "$1" in
        -m) MESSAGE="$2"; shift 2 ;;
        *) fail "unknown option $1" ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

render_snippet() {
    echo "# managed by storefront_maintenance_toggle.sh - $(date -u +%FT%TZ)"
    echo "set \$maintenance 1;"
    if [ -f "$ALLOW_LIST" ]; then
        grep -Ev '^\s*(#|$)' "$ALLOW_LIST" | while read -r ip; do
            echo "if (\$remote_addr = \"$ip\") { set \$maintenance 0; }"
        done
    fi
    cat <<'EOF'
if ($request_uri ~ ^/webhooks/) { set $maintenance 0; }
if ($maintenance = 1) { return 503; }
error_page 503 @maintenance;
location @maintenance {
    root /usr/share/nginx/maintenance;
    rewrite ^ /index.html break;
    add_header Retry-After 900 always;
}
EOF
}

install_page() {
    [ -f "$PAGE_SRC" ] || fail "maintenance page $PAGE_SRC missing"
    $AS_ROOT mkdir -p "$PAGE_DIR"
    sed "s|{{MESSAGE}}|$MESSAGE|g" "$PAGE_SRC" | $AS_ROOT tee "$PAGE_DIR/index.html" >/dev/null
    $AS_ROOT chmod 0644 "$PAGE_DIR/index.html"
}

reload_nginx() {
    if ! $AS_ROOT nginx -t -q; then
        fail "nginx config test failed, not reloading"
    fi
    $AS_ROOT systemctl reload nginx
    say "nginx reloaded"
}

case "$ACTION" in
    on)
        install_page
        render_snippet | $AS_ROOT tee "$NGINX_SNIPPET" >/dev/null
        reload_nginx
        say "shop is in maintenance mode"
        ;;
    off)
        if [ -f "$NGINX_SNIPPET" ]; then
            $AS_ROOT rm -f "$NGINX_SNIPPET"
            # leave an empty include so the server block keeps parsing
            echo "# maintenance off $(date -u +%FT%TZ)" | $AS_ROOT tee "$NGINX_SNIPPET" >/dev/null
            reload_nginx
        fi
        say "shop is live"
        ;;
    status)
        if [ -f "$NGINX_SNIPPET" ] && grep -q 'set \$maintenance 1' "$NGINX_SNIPPET"; then
            say "ON"
        else
            say "OFF"
        fi
        ;;
    *)
        fail "unknown action $ACTION"
        ;;
esac
