#!/usr/bin/env bash
# Nightly backup for the photo-upload service checkout.
#
# Archives the uploaded media and the SQLite database that live in the
# project directory into ./backups, keeps the newest N archives, writes a
# checksum file next to each archive and finally pings the local health
# endpoint so the log shows whether the app was up at backup time.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
BACKUP_DIR="${PROJECT_DIR}/backups"
KEEP="${KEEP:-7}"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8000/healthz}"
SOURCES=(media db.sqlite3 config/settings.toml)

log() { printf '%s [backup] %s\n' "$(date -u +%FT%TZ)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
usage: $0 [-k KEEP] [-n]
  -k KEEP   number of archives to keep (default ${KEEP})
  -n        dry run: show what would be archived
USAGE
}

DRY_RUN=0
while getopts ":k:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$KEEP" =~ ^[0-9]+$ ]] || die "KEEP must be a number"
cd "$PROJECT_DIR" || die "cannot enter $PROJECT_DIR"

present=()
for item in "${SOURCES[@]}"; do
    if [[ -e "$item" ]]; then
        present+=("$item")
    else
        log "skipping missing $item"
    fi
done
(( ${#present[@]} > 0 )) || die "nothing to back up"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
archive="${BACKUP_DIR}/app-${stamp}.tar.gz"

if (( DRY_RUN )); then
    log "would archive: ${present[*]} -> ${archive}"
    exit 0
fi

mkdir -p "$BACKUP_DIR"
chmod 700 "$BACKUP_DIR"

log "archiving ${present[*]}"
tar -czf "${archive}.partial" "${present[@]}"
mv "${archive}.partial" "$archive"
chmod 600 "$archive"
( cd "$BACKUP_DIR" && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256" )
log "wrote $(du -h "$archive" | cut -f1) to $archive"

# rotation: newest first, delete everything past $KEEP
mapfile -t old < <(ls -1t "$BACKUP_DIR"/app-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
    log "removing old archive $(basename "$f")"
    rm -f -- "$f" "${f}.sha256"
done

if code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$HEALTH_URL")"; then
    log "health check: HTTP ${code}"
else
    log "health check: app not reachable"
fi

log "done"
