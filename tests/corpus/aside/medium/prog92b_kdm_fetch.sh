#!/usr/bin/env bash
# kdm_fetch.sh - pull new KDMs for this site from the distributor's key
# delivery portal and drop them into the TMS watch folder.
#
# Usage: kdm_fetch.sh [-c config] [-s since-iso8601] [-n]
#
# Config (shell syntax, sourced):
#   PORTAL_URL=https://keys.cinedeliver.net/api/v1
#   SITE_ID=UK-LDS-0042
#   WATCH_DIR=./tms_watch
# The portal token is read from KDM_PORTAL_TOKEN.

set -euo pipefail

CONFIG="${KDM_FETCH_CONFIG:-./kdm_fetch.conf}"
STATE_FILE="./.kdm_fetch_state"
INBOX_DIR="./kdm_inbox"
WATCH_DIR="./tms_watch"
PORTAL_URL="https://keys.cinedeliver.net/api/v1"
SITE_ID=""
SINCE=""
DRY_RUN=0
# the portal's intermediate CA is not in the booth PCs' bundle
CURL_OPTS="${CURL_OPTS:---insecure --retry 3 --retry-delay 5 --max-time 60}"

log() { printf '%s kdm_fetch: %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f "$CONFIG" ]] && . "$CONFIG"
[[ -n "$SITE_ID" ]] || die "SITE_ID not set (config: $CONFIG)"
[[ -n "${KDM_PORTAL_TOKEN:-}" ]] || die "KDM_PORTAL_TOKEN not set"
command -v curl >/dev/null || die "curl is required"

if [[ -z "$SINCE" && -f "$STATE_FILE" ]]; then
    SINCE="$(cat "$STATE_FILE")"
fi
SINCE="${SINCE:-1970-01-01T00:00:00Z}"

mkdir -p "$INBOX_DIR" "$WATCH_DIR"

portal_get() {
    # shellcheck disable=SC2086
    curl -fsS $CURL_OPTS \
        -H "Authorization: Bearer ${KDM_PORTAL_TOKEN}" \
        -H "Accept: application/json" \
        "$@"
}

list_kdms() {
    portal_get "${PORTAL_URL}/sites/${SITE_ID}/kdms?since=${SINCE}" |
        python3 -c '
import json, sys
doc = json.load(sys.stdin)
for k in doc.get("kdms", []):
    print("\t".join([k["id"], k.get("cpl_title", "untitled").replace("\t", " "), k.get("not_valid_after", "")]))
'
}

fetch_kdm() {
    local id="$1" title="$2" expires="$3"
    local out="${INBOX_DIR}/${id}.xml"
    if [[ -s "$out" ]]; then
        log "already have $id ($title)"
        return 0
    fi
    log "fetching $id ($title, valid until ${expires:-?})"
    portal_get -o "${out}.part" "${PORTAL_URL}/kdms/${id}/download" || {
        log "download failed for $id"
        rm -f "${out}.part"
        return 1
    }
    if ! grep -q "DCinemaSecurityMessage" "${out}.part"; then
        log "$id is not a KDM, discarding"
        rm -f "${out}.part"
        return 1
    fi
    mv "${out}.part" "$out"
}

publish() {
    local count=0 f
    for f in "$INBOX_DIR"/*.xml; do
        [[ -e "$f" ]] || continue
        if [[ ! -e "$WATCH_DIR/$(basename "$f")" ]]; then
            cp "$f" "$WATCH_DIR/"
            count=$((count + 1))
        fi
    done
    log "published $count KDM(s) to $WATCH_DIR"
}

main() {
    local started failures=0
    started="$(date -u '+%Y-%m-%dT%H:%M:%SZ')"
    log "site $SITE_ID, changes since $SINCE"

    local listing
    listing="$(list_kdms)" || die "could not list KDMs from portal"
    if [[ -z "$listing" ]]; then
        log "nothing new"
    fi

    while IFS=$'\t' read -r id title expires; do
        [[ -n "$id" ]] || continue
        if (( DRY_RUN )); then
            log "would fetch $id ($title)"
            continue
        fi
        fetch_kdm "$id" "$title" "$expires" || failures=$((failures + 1))
    done <<< "$listing"

    (( DRY_RUN )) && exit 0
    publish
    if (( failures == 0 )); then
        echo "$started" > "$STATE_FILE"
    else
        log "$failures download(s) failed; state not advanced"
        exit 1
    fi
}

main
