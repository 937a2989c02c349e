#!/usr/bin/env bash
# Nightly backup of the show design folders to the office NAS share.
# Source folders are left untouched; only our own old archives rotate.
set -euo pipefail

SRC_ROOT="${SHOW_ROOT:-$HOME/shows}"
DEST_ROOT="${BACKUP_ROOT:-/srv/nas/show-backups}"
KEEP="${KEEP_ARCHIVES:-14}"
STAMP=$(date +%Y%m%d-%H%M)
HOSTTAG=$(hostname -s 2>/dev/null || echo host)
INCLUDE=("*.fsq" "*.cue" "*.json" "*.pdf" "*.wav" "*.mp3")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

archive_name() {
    printf '%s/shows-%s-%s.tar.gz' "$DEST_ROOT" "$HOSTTAG" "$STAMP"
}

collect_list() {
    local list=$1 pat args=()
    for pat in "${INCLUDE[@]}"; do
        args+=(-o -name "$pat")
    done
    # drop the leading -o
    ( cd "$SRC_ROOT" && find . -type f \( "${args[@]:1}" \) -print ) >"$list"
}

make_archive() {
    local out=$1 list=$2
    tar -C "$SRC_ROOT" -czf "$out.partial" -T "$list"
    mv "$out.partial" "$out"
    sha256sum "$out" >"$out.sha256"
}

verify() {
    local out=$1
    ( cd "$(dirname "$out")" && sha256sum -c "$(basename "$out").sha256" >/dev/null )
    tar -tzf "$out" >/dev/null
}

rotate() {
    local old
    mapfile -t old < <(ls -1t "$DEST_ROOT"/shows-"$HOSTTAG"-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        log "rotated out $(basename "$f")"
    done
}

main() {
    local list out count
    [ -d "$SRC_ROOT" ] || { log "no show folder at $SRC_ROOT"; exit 1; }
    mkdir -p "$DEST_ROOT"
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT

    collect_list "$list"
    count=$(wc -l <"$list")
    if [ "$count" -eq 0 ]; then
        log "nothing to back up"
        exit 0
    fi

    out=$(archive_name)
    make_archive "$out" "$list"
    verify "$out"
    log "backed up $count files to $out ($(du -h "$out" | cut -f1))"
    rotate
}

main "$@"
