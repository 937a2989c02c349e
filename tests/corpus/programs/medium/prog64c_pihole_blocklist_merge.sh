#!/usr/bin/env bash
# pihole_blocklist_merge.sh - pull adlists from the LAN mirror, normalise them
# to bare domains and write one merged list that Pi-hole can ingest as a
# single local adlist (file:///srv/gravity/merged.txt).
#
# usage: pihole_blocklist_merge.sh [lists.conf]
#   lists.conf: one "name url" pair per line, '#' comments allowed.
#   Relative urls are resolved against $BLOCKLIST_MIRROR.
set -euo pipefail

MIRROR="${BLOCKLIST_MIRROR:-https://mirror.home.arpa:8443/blocklists}"
CONF="${1:-./lists.conf}"
OUT_DIR="${OUT_DIR:-./gravity}"
ALLOWLIST="${ALLOWLIST:-./allowlist.txt}"
WORK="${OUT_DIR}/.work"
LOG="${OUT_DIR}/merge.log"

# mirror.home.arpa is signed by the router's own CA
CURL_OPTS=(--fail --silent --show-error --location --max-time 90 --retry 3 --retry-delay 5 -k)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

resolve_url() {
    case "$1" in
        http://*|https://*) printf '%s\n' "$1" ;;
        *) printf '%s/%s\n' "${MIRROR%/}" "${1#/}" ;;
    esac
}

fetch_list() {
    local name="$1" url dest
    url="$(resolve_url "$2")"
    dest="${WORK}/raw/${name}.txt"
    if curl "${CURL_OPTS[@]}" -z "$dest" -o "$dest.new" "$url"; then
        if [[ -s "$dest.new" ]]; then
            mv -f "$dest.new" "$dest"
            log "fetched $name ($(wc -l <"$dest") lines)"
        else
            rm -f "$dest.new"
            log "$name unchanged"
        fi
    else
        log "WARN: $name failed to download, keeping previous copy"
    fi
}

# hosts-format, adblock-format and plain domain lists all end up as domains
normalise() {
    sed -e 's/\r$//' -e 's/[[:space:]]*#.*$//' "$@" \
    | awk '
        /^[[:space:]]*$/ { next }
        /^\|\|/           { sub(/^\|\|/, ""); sub(/\^.*$/, ""); print tolower($0); next }
        NF >= 2 && ($1 == "0.0.0.0" || $1 == "127.0.0.1" || $1 == "::") { print tolower($2); next }
        NF == 1           { print tolower($1) }
    ' \
    | grep -E '^([a-z0-9_-]+\.)+[a-z]{2,}$' \
    | grep -vxF -e localhost -e localhost.localdomain
}

main() {
    [[ -r "$CONF" ]] || die "cannot read $CONF"
    mkdir -p "${WORK}/raw"
    : >"$LOG"

    local count=0
    while read -r name url; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        fetch_list "$name" "$url"
        count=$((count + 1))
    done <"$CONF"
    (( count > 0 )) || die "no lists defined in $CONF"

    shopt -s nullglob
    local raws=("${WORK}"/raw/*.txt)
    (( ${#raws[@]} > 0 )) || die "nothing downloaded"

    normalise "${raws[@]}" | sort -u >"${WORK}/merged.all"
    if [[ -s "$ALLOWLIST" ]]; then
        grep -vxFf <(normalise "$ALLOWLIST") "${WORK}/merged.all" >"${WORK}/merged.txt" || true
    else
        cp "${WORK}/merged.all" "${WORK}/merged.txt"
    fi

    local before after
    before=$(wc -l <"${WORK}/merged.all")
    after=$(wc -l <"${WORK}/merged.txt")
    mv -f "${WORK}/merged.txt" "${OUT_DIR}/merged.txt"
    sha256sum "${OUT_DIR}/merged.txt" >"${OUT_DIR}/merged.txt.sha256"
    log "merged ${#raws[@]} lists: ${before} domains, ${after} after allowlist"
    log "add file://$(realpath "${OUT_DIR}/merged.txt") as an adlist and run 'pihole -g'"
}

main "$@"
