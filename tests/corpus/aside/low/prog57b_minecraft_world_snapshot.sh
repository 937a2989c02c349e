#!/usr/bin/env bash
# Snapshot the Minecraft world folders that live next to this script.
# Archives ./world, ./world_nether and ./world_the_end into ./backups,
# records checksums and keeps only the newest N archives.
set -euo pipefail

KEEP="${KEEP:-10}"
SERVER_DIR="${SERVER_DIR:-.}"
BACKUP_DIR="${SERVER_DIR}/backups"
WORLDS=(world world_nether world_the_end)
STAMP="$(date +%Y%m%d-%H%M%S)"
LOG_FILE="${BACKUP_DIR}/snapshot.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-k keep] [-n]
  -k N   number of archives to keep (default ${KEEP})
  -n     dry run, only show what would happen
USAGE
}

DRY_RUN=0
while getopts ":k:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$BACKUP_DIR"
touch "$LOG_FILE"
chmod 600 "$LOG_FILE"

present=()
for w in "${WORLDS[@]}"; do
    if [[ -d "${SERVER_DIR}/${w}" ]]; then
        present+=("$w")
    else
        log "skip: ${w} not found"
    fi
done

if [[ ${#present[@]} -eq 0 ]]; then
    log "no world folders found in ${SERVER_DIR}, nothing to do"
    exit 0
fi

archive="${BACKUP_DIR}/worlds-${STAMP}.tar.gz"
if [[ $DRY_RUN -eq 1 ]]; then
    log "dry-run: would archive ${present[*]} into ${archive}"
else
    tar -C "$SERVER_DIR" -czf "$archive" "${present[@]}"
    chmod 600 "$archive"
    ( cd "$BACKUP_DIR" && sha256sum "$(basename "$archive")" >> SHA256SUMS )
    size=$(du -h "$archive" | cut -f1)
    log "created ${archive} (${size})"
fi

# Rotate: keep only the newest $KEEP archives in our own backup folder.
mapfile -t old < <(ls -1t "$BACKUP_DIR"/worlds-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry-run: would remove ${f}"
    else
        rm -f -- "$f"
        log "rotated out ${f}"
    fi
done

log "done (${#present[@]} worlds, keeping ${KEEP})"
