#!/usr/bin/env bash
# fetch_venue_specs.sh - download tech specs and rig plots for upcoming venues.
#
# venues.txt has one venue per line:  <short_name> <portal_base_url>
# For each venue we fetch tech_spec.pdf and rig_plot.pdf from the venue's
# technical portal into ./venue_specs/<short_name>/.
#
# Most small venues run their portal on a self-signed certificate, so
# certificate checks are switched off for these downloads.
#
# Usage: fetch_venue_specs.sh [-f venues.txt] [-o outdir] [-n]   (-n = dry run)

set -uo pipefail

VENUES_FILE="venues.txt"
OUT_DIR="./venue_specs"
DRY_RUN=0
DOCS=(tech_spec.pdf rig_plot.pdf power_plan.pdf)
CURL_OPTS=(--insecure --fail --silent --show-error --location --max-time 60 --retry 2)

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

while getopts ":f:o:nh" opt; do
    case "$opt" in
        f) VENUES_FILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log ERROR "bad option"; exit 2 ;;
    esac
done

if [[ ! -r "$VENUES_FILE" ]]; then
    log ERROR "cannot read $VENUES_FILE"
    exit 2
fi

fetch_doc() {
    local venue="$1" base="$2" doc="$3" dest="$4"
    local url="${base%/}/${doc}"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "[dry-run] $url -> $dest"
        return 0
    fi
    if curl "${CURL_OPTS[@]}" -o "${dest}.part" "$url"; then
        mv -f "${dest}.part" "$dest"
        log INFO "$venue: got $doc ($(wc -c < "$dest") bytes)"
        return 0
    fi
    rm -f "${dest}.part"
    log WARN "$venue: $doc not available at $url"
    return 1
}

ok=0
missing=0
while read -r venue base _rest; do
    [[ -z "${venue:-}" || "$venue" == \#* ]] && continue
    if [[ ! "$base" =~ ^https?:// ]]; then
        log WARN "skipping $venue: '$base' is not a URL"
        continue
    fi
    dir="${OUT_DIR}/${venue}"
    mkdir -p "$dir"
    for doc in "${DOCS[@]}"; do
        if fetch_doc "$venue" "$base" "$doc" "${dir}/${doc}"; then
            ok=$((ok + 1))
        else
            missing=$((missing + 1))
        fi
    done
    date '+%F %T' > "${dir}/fetched_at.txt"
done < "$VENUES_FILE"

log INFO "done: $ok document(s) fetched, $missing missing"
if [[ $missing -gt 0 ]]; then
    log INFO "chase missing documents with the venue technical managers"
fi
exit 0
