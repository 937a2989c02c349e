#!/usr/bin/env bash
# export_docs_bundle.sh - collect the paperwork for one wine / olive oil
# export shipment (commercial invoice, packing list, VI-1, phyto and
# origin certificates) into a single dated archive with a checksum
# manifest the forwarder can verify.
#
#   ./export_docs_bundle.sh -s SHIP-2024-117 [-r ./exports] [-o ./outbox]
set -Eeuo pipefail

ROOT="./exports"
OUTBOX="./outbox"
SHIPMENT=""
KEEP_STAGING=0
EXTS=(pdf xlsx docx odt csv xml)

log()  { echo "[$(date +%H:%M:%S)] $*" >&2; }
fail() { log "error: $*"; exit 1; }
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR

while getopts ":s:r:o:kh" o; do
    case $o in
        s) SHIPMENT=$OPTARG ;;
        r) ROOT=$OPTARG ;;
        o) OUTBOX=$OPTARG ;;
        k) KEEP_STAGING=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) fail "unknown option -$OPTARG" ;;
    esac
done
[[ -n $SHIPMENT ]] || fail "shipment reference (-s) is required"
[[ -d $ROOT ]] || fail "document root $ROOT does not exist"

STAGE="./.stage-${SHIPMENT}"
ARCHIVE="${OUTBOX}/${SHIPMENT}_$(date +%Y%m%d).tar.gz"

find_docs() {
    local expr=() e
    for e in "${EXTS[@]}"; do
        expr+=(-o -iname "*.${e}")
    done
    find "$ROOT" -type f \( "${expr[@]:1}" \) -ipath "*${SHIPMENT}*" -print0
}

stage_doc() {
    local src=$1 rel
    rel=${src#"$ROOT"/}
    mkdir -p "$STAGE/$(dirname "$rel")"
    cp -p -- "$src" "$STAGE/$rel"
    printf '%s  %s\n' "$(sha256sum -- "$src" | cut -d' ' -f1)" "$rel" >> "$STAGE/MANIFEST.sha256"
}

write_cover() {
    local count=$1
    cat > "$STAGE/COVER.txt" <<EOF
Shipment:   $SHIPMENT
Prepared:   $(date -R)
Prepared by: ${EXPORT_CLERK:-$USER}
Documents:  $count
Verify with: sha256sum -c MANIFEST.sha256
EOF
}

main() {
    local n=0 f
    rm -rf -- "$STAGE"
    mkdir -p "$STAGE" "$OUTBOX"
    : > "$STAGE/MANIFEST.sha256"

    while IFS= read -r -d '' f; do
        stage_doc "$f"
        n=$((n + 1))
        log "added ${f#"$ROOT"/}"
    done < <(find_docs)

    (( n > 0 )) || fail "no documents matching $SHIPMENT under $ROOT"
    write_cover "$n"

    tar -C "$STAGE" -czf "$ARCHIVE" .
    sha256sum "$ARCHIVE" > "${ARCHIVE}.sha256"
    log "wrote $ARCHIVE ($n documents, $(du -h "$ARCHIVE" | cut -f1))"

    if (( ! KEEP_STAGING )); then
        rm -rf -- "$STAGE"
    fi
}

main
