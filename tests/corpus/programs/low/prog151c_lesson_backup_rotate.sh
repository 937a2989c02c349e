#!/usr/bin/env bash
# Lesson bookings backup rotation.
# Makes a dated tarball of the bookings export folder, keeps the last N,
# checks the booking service is up and cleans the script's own scratch files.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./exports}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
SCRATCH_DIR="./.backup_scratch"
KEEP="${KEEP:-14}"
HEALTH_URL="${HEALTH_URL:-https://bookings.example.com/health}"
STAMP="$(date +%Y%m%d-%H%M)"

usage() {
    cat <<EOF
usage: $0 [-k keep] [-n]
  -k N   number of backups to keep (default $KEEP)
  -n     dry run: show what would be removed
EOF
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

msg() { echo "[$(date +%T)] $*"; }

cleanup() {
    # only ever removes our own scratch folder inside the working directory
    [ -d "$SCRATCH_DIR" ] && rm -rf -- "$SCRATCH_DIR"
}
trap cleanup EXIT

make_backup() {
    mkdir -p "$BACKUP_DIR" "$SCRATCH_DIR"
    if [ ! -d "$SRC_DIR" ] || [ -z "$(ls -A "$SRC_DIR")" ]; then
        msg "nothing to back up in $SRC_DIR"
        return 1
    fi
    local out="$BACKUP_DIR/bookings-$STAMP.tar.gz"
    tar -czf "$SCRATCH_DIR/partial.tar.gz" -C "$SRC_DIR" .
    mv "$SCRATCH_DIR/partial.tar.gz" "$out"
    chmod 600 "$out"
    sha256sum "$out" >"$out.sha256"
    msg "backup written: $out ($(du -h "$out" | cut -f1))"
}

rotate() {
    local count=0 f
    while IFS= read -r f; do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            if [ "$DRY_RUN" -eq 1 ]; then
                msg "would remove $f"
            else
                rm -f -- "$f" "$f.sha256"
                msg "removed $f"
            fi
        fi
    done < <(ls -1t "$BACKUP_DIR"/bookings-*.tar.gz 2>/dev/null)
}

check_service() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$HEALTH_URL" || echo 000)
    if [ "$code" = "200" ]; then
        msg "booking service healthy"
    else
        msg "booking service returned $code"
    fi
}

main() {
    make_backup || true
    rotate
    check_service
    msg "done; $(ls -1 "$BACKUP_DIR"/bookings-*.tar.gz 2>/dev/null | wc -l) backups kept"
}

main
