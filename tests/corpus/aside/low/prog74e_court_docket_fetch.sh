#!/usr/bin/env bash
# court_docket_fetch.sh - fetch new docket entries on tracked cases from CourtListener.
#
# Docket ids are read one per line from dockets.txt (lines starting with # are
# ignored, anything after the id is treated as a label). New entries since the
# previous run are printed and appended to docket_changes.log.
#
# Requires: curl, jq, COURTLISTENER_TOKEN in the environment.
set -euo pipefail

WORKDIR="${DOCKET_WORKDIR:-$(pwd)}"
DOCKET_LIST="${WORKDIR}/dockets.txt"
STORE="${WORKDIR}/dockets"
CHANGELOG="${WORKDIR}/docket_changes.log"
API="https://www.courtlistener.com/api/rest/v4"
QUIET=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-q] [-l FILE]
  -q, --quiet        only print new entries
  -l, --list FILE    docket list (default: dockets.txt)
EOF
}

log() {
    [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -l|--list) DOCKET_LIST="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 2 ;;
    esac
    shift
done

[[ -n "${COURTLISTENER_TOKEN:-}" ]] || { echo "COURTLISTENER_TOKEN is not set" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
[[ -r "$DOCKET_LIST" ]] || { echo "cannot read $DOCKET_LIST" >&2; exit 1; }
mkdir -p "$STORE"

fetch_entries() {
    local docket_id="$1" out="$2"
    curl -fsS --retry 3 --retry-delay 5 --max-time 60 \
        -H "Authorization: Token ${COURTLISTENER_TOKEN}" \
        -H "Accept: application/json" \
        "${API}/docket-entries/?docket=${docket_id}&order_by=-date_filed" \
        -o "$out"
}

format_entry='"\(.date_filed) #\(.entry_number // "-") \((.description // "") | .[0:120])"'

diff_entries() {
    local old="$1" new="$2"
    if [[ ! -s "$old" ]]; then
        jq -r ".results[] | ${format_entry}" "$new"
        return
    fi
    comm -13 <(jq -r '.results[].id' "$old" | sort) <(jq -r '.results[].id' "$new" | sort) |
    while read -r id; do
        jq -r --argjson id "$id" ".results[] | select(.id == \$id) | ${format_entry}" "$new"
    done
}

poll_all() {
    local total=0 failed=0
    while read -r docket_id label; do
        [[ -z "$docket_id" || "$docket_id" == \#* ]] && continue
        local cur="${STORE}/${docket_id}.json" tmp="${STORE}/${docket_id}.json.new"
        log "checking docket ${docket_id} ${label:-}"
        if ! fetch_entries "$docket_id" "$tmp"; then
            log "fetch failed for ${docket_id}"
            failed=$((failed + 1))
            rm -f "$tmp"
            continue
        fi
        local changes
        changes="$(diff_entries "$cur" "$tmp")"
        if [[ -n "$changes" ]]; then
            while IFS= read -r entry; do
                printf '%s\t%s\t%s\n' "$docket_id" "${label:-}" "$entry" | tee -a "$CHANGELOG"
                total=$((total + 1))
            done <<< "$changes"
        fi
        mv -f "$tmp" "$cur"
        sleep 1   # stay well under the API rate limit
    done < "$DOCKET_LIST"
    log "run finished: ${total} new entries, ${failed} failures"
    [[ $failed -eq 0 ]]
}

rc=0
poll_all || rc=$?
exit "$rc"
