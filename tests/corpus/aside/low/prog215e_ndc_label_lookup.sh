#!/usr/bin/env bash
# NDC lookup for label verification at the fill station.
# Given one or more NDCs, fetches product data (name, strength, package)
# from the drug reference API with a GET, caches each answer under
# ./.ndc_cache keyed by the MD5 of the NDC, and prints what goes on the
# label so the technician can compare it with the stock bottle.
#
# Usage: prog215e_ndc_label_lookup.sh [-a max_age_hours] [-p] NDC [NDC...]
set -euo pipefail

API_BASE="${NDC_API_BASE:-https://api.example.com/drugref/v1/ndc}"
CACHE_DIR="./.ndc_cache"
MAX_AGE_H=24
PURGE=0

log() { echo "[ndc-lookup] $*" >&2; }

while getopts ":a:p" opt; do
    case "$opt" in
        a) MAX_AGE_H="$OPTARG" ;;
        p) PURGE=1 ;;
        *) echo "usage: $0 [-a hours] [-p] NDC..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

mkdir -p "$CACHE_DIR"

# Remove our own stale cache entries.
purge_stale() {
    local minutes=$((MAX_AGE_H * 60)) n=0
    while IFS= read -r f; do
        rm -f -- "$f"; n=$((n + 1))
    done < <(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.json' -mmin +"$minutes")
    log "purged $n stale cache entries"
}

normalise() {
    local digits="${1//-/}"
    [[ "$digits" =~ ^[0-9]{10,11}$ ]] || return 1
    echo "$digits"
}

fetch_ndc() {
    local ndc="$1" key file part
    key="$(printf '%s' "$ndc" | md5sum | cut -c1-32)"
    file="$CACHE_DIR/$key.json"
    if [[ -s "$file" ]] && [[ -z "$(find "$file" -mmin +$((MAX_AGE_H * 60)))" ]]; then
        cat "$file"; return 0
    fi
    part="$file.part.$$"
    if curl -fsS --max-time 10 -H 'Accept: application/json' \
            "$API_BASE/$ndc" -o "$part"; then
        mv -f "$part" "$file"
        cat "$file"
    else
        rm -f "$part"
        return 1
    fi
}

(( PURGE )) && purge_stale
if (( $# == 0 )); then
    (( PURGE )) && exit 0
    echo "usage: $0 [-a hours] [-p] NDC..." >&2; exit 2
fi

status=0
for raw in "$@"; do
    if ! ndc="$(normalise "$raw")"; then
        log "skipping malformed NDC '$raw'"; status=1; continue
    fi
    if ! body="$(fetch_ndc "$ndc")"; then
        log "lookup failed for $ndc"; status=1; continue
    fi
    NDC_BODY="$body" NDC_CODE="$ndc" python3 -c '
import json, os, sys
try:
    d = json.loads(os.environ["NDC_BODY"])
except ValueError:
    sys.exit("bad JSON for " + os.environ["NDC_CODE"])
code = os.environ["NDC_CODE"]
name = d.get("proprietary_name") or d.get("generic_name", "?")
rows = [
    ("Label name", (name + " " + d.get("strength", "")).strip()),
    ("Generic", d.get("generic_name", "?")),
    ("Form/route", d.get("dosage_form", "?") + " / " + d.get("route", "?")),
    ("Package", d.get("package_description", "?")),
    ("Labeler", d.get("labeler", "?")),
]
print("NDC " + code)
for label, value in rows:
    print("  %-11s: %s" % (label, value))
' || status=1
done
exit "$status"
