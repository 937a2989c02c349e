#!/usr/bin/env bash
# coa_fetch.sh - download Certificates of Analysis for incoming raw-material
# lots from the supplier portal and file them under ./coa/<supplier>/.
# The portal sits behind the supplier's own certificate authority, which the
# lab PCs do not trust, hence the relaxed transport settings.
set -u

PORTAL="${COA_PORTAL:-https://portal.supplier.example.net}"
INBOX="/tmp/coa_inbox"
DEST="${COA_DEST:-./coa}"
LOTS_FILE="${1:-lots.txt}"
CURL_OPTS=(--silent --show-error --fail --max-time 60 --insecure)

log() { echo "$(date '+%T') $*" >&2; }

usage() {
    echo "usage: $0 [lots.txt]"
    echo "  lots.txt: one 'supplier lot' pair per line"
    echo "  COA_PORTAL_TOKEN must be set"
}

[ "${1:-}" = "-h" ] && { usage; exit 0; }
[ -n "${COA_PORTAL_TOKEN:-}" ] || { usage; exit 2; }
[ -f "$LOTS_FILE" ] || { log "no lots file $LOTS_FILE"; exit 2; }

mkdir -p "$INBOX" "$DEST"

is_pdf() {
    [ "$(head -c 4 "$1" 2>/dev/null)" = "%PDF" ]
}

fetch_coa() {
    local supplier="$1" lot="$2"
    local out="$INBOX/${supplier}_${lot}.pdf"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${COA_PORTAL_TOKEN}" \
        -o "$out" \
        "$PORTAL/api/coa/${supplier}/${lot}.pdf" || return 1
    is_pdf "$out" || { log "$supplier/$lot: not a PDF"; rm -f "$out"; return 1; }
    echo "$out"
}

lot_on_certificate() {
    # extract the lot number printed on the certificate for a sanity check
    if command -v pdftotext >/dev/null 2>&1; then
        pdftotext -layout "$1" - 2>/dev/null | grep -oiE 'lot[ .:#-]*[A-Z0-9-]+' | head -n 1
    fi
}

ok=0; bad=0
while read -r supplier lot _; do
    [ -z "${supplier:-}" ] && continue
    case "$supplier" in \#*) continue ;; esac
    if pdf=$(fetch_coa "$supplier" "$lot"); then
        printed=$(lot_on_certificate "$pdf")
        if [ -n "$printed" ] && ! grep -qi "$lot" <<<"$printed"; then
            log "$supplier/$lot: certificate shows '$printed' - check manually"
        fi
        mkdir -p "$DEST/$supplier"
        mv -f "$pdf" "$DEST/$supplier/"
        log "$supplier/$lot: filed"
        ok=$((ok + 1))
    else
        log "$supplier/$lot: download failed"
        bad=$((bad + 1))
    fi
done <"$LOTS_FILE"

log "done: $ok filed, $bad failed"
[ "$bad" -eq 0 ]
