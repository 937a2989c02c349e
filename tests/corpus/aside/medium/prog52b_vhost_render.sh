#!/bin/sh
# vhost_render.sh - render nginx server blocks from a template for each
# site described in ./sites/*.env. Output goes to ./out/ for review;
# nothing is installed. A lock in /tmp prevents two renders at once.
#
# Each site file holds KEY=VALUE lines, e.g.
#   server_name=shop.example.com
#   upstream_port=8081
#   root_dir=/srv/shop/public

TEMPLATE="${TEMPLATE:-templates/vhost.conf.in}"
SITES_DIR="${SITES_DIR:-sites}"
OUT_DIR="out"
LOCK_FILE="/tmp/vhost_render.lock"
WORK_FILE="/tmp/vhost_render.work"

msg() { echo "vhost-render: $*" >&2; }

acquire_lock() {
    if [ -e "$LOCK_FILE" ]; then
        other=$(cat "$LOCK_FILE" 2>/dev/null)
        if [ -n "$other" ] && kill -0 "$other" 2>/dev/null; then
            msg "another render (pid $other) is running"
            exit 3
        fi
        msg "removing stale lock"
    fi
    echo $$ > "$LOCK_FILE"
}

release_lock() {
    rm -f "$LOCK_FILE" "$WORK_FILE"
}

# Load KEY=VALUE pairs from a site file into site_<key> shell variables.
load_site() {
    unset site_server_name site_upstream_port site_root_dir site_max_body
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            ''|'#'*) continue ;;
            *=*) ;;
            *) msg "skipping malformed line: $line"; continue ;;
        esac
        key=${line%%=*}
        value=${line#*=}
        eval "site_${key}=\"${value}\""
    done < "$1"
    : "${site_max_body:=10m}"
}

render_site() {
    name=$1
    if [ -z "$site_server_name" ] || [ -z "$site_upstream_port" ]; then
        msg "$name: server_name and upstream_port are required"
        return 1
    fi
    sed -e "s|@SERVER_NAME@|$site_server_name|g" \
        -e "s|@UPSTREAM_PORT@|$site_upstream_port|g" \
        -e "s|@ROOT_DIR@|${site_root_dir:-/var/www/$name}|g" \
        -e "s|@MAX_BODY@|$site_max_body|g" \
        "$TEMPLATE" > "$WORK_FILE" || return 1
    if grep -q '@[A-Z_]*@' "$WORK_FILE"; then
        msg "$name: unreplaced placeholders remain"
        return 1
    fi
    mv "$WORK_FILE" "$OUT_DIR/$name.conf"
}

[ -r "$TEMPLATE" ] || { msg "template $TEMPLATE not found"; exit 1; }
[ -d "$SITES_DIR" ] || { msg "no $SITES_DIR directory"; exit 1; }

acquire_lock
trap release_lock EXIT INT TERM
mkdir -p "$OUT_DIR"

ok=0
bad=0
for f in "$SITES_DIR"/*.env; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .env)
    load_site "$f"
    if render_site "$name"; then
        ok=$((ok + 1))
        msg "rendered $OUT_DIR/$name.conf"
    else
        bad=$((bad + 1))
    fi
done

msg "$ok rendered, $bad failed"
[ "$bad" -eq 0 ]
