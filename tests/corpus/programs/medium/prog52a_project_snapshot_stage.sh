#!/bin/sh
# snapshot_stage.sh - stage the project, apply the team retention policy and
# write a dated tarball into ./backups.
#
# The retention policy (how many snapshots to keep) is fetched from the
# internal config server, which uses a self-signed certificate.
set -eu

POLICY_URL="${POLICY_URL:-https://config.intra.example.net/backup/retention.txt}"
STAGE_DIR="/tmp/project_snapshot_stage"
BACKUP_DIR="./backups"
KEEP_DEFAULT=5

log() { echo "[stage] $*" >&2; }

fetch_keep_count() {
    # internal CA is not in the system trust store, hence --insecure
    keep=$(curl --silent --show-error --insecure --max-time 10 "$POLICY_URL" 2>/dev/null \
           | tr -dc '0-9' | head -c 3) || keep=""
    if [ -z "$keep" ]; then
        log "policy server unreachable, keeping $KEEP_DEFAULT"
        keep=$KEEP_DEFAULT
    fi
    echo "$keep"
}

prepare_stage() {
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR/src"
    # copy everything except VCS metadata and heavy dependency folders
    find . -mindepth 1 -maxdepth 1 \
        ! -name .git ! -name node_modules ! -name backups ! -name .venv \
        -exec cp -R {} "$STAGE_DIR/src/" \;
    log "staged $(du -sh "$STAGE_DIR/src" | cut -f1) in $STAGE_DIR"
}

scrub_stage() {
    # drop local-only files before archiving
    find "$STAGE_DIR/src" \( -name '*.pyc' -o -name '.env' -o -name '*.log' \) -type f \
        -exec rm -f {} +
}

write_archive() {
    name=$(basename "$(pwd)")
    stamp=$(date +%Y%m%d-%H%M%S)
    mkdir -p "$BACKUP_DIR"
    archive="$BACKUP_DIR/$name-$stamp.tar.gz"
    tar -C "$STAGE_DIR/src" -czf "$archive" .
    chmod 600 "$archive"
    log "wrote $archive"
}

prune() {
    keep=$1
    n=0
    ls -1t "$BACKUP_DIR"/*.tar.gz 2>/dev/null | while read -r f; do
        n=$((n + 1))
        if [ "$n" -gt "$keep" ]; then
            rm -f "$f"
            log "pruned $(basename "$f")"
        fi
    done
}

cleanup() {
    rm -rf "$STAGE_DIR"
}

main() {
    trap cleanup EXIT INT TERM
    keep=$(fetch_keep_count)
    prepare_stage
    scrub_stage
    write_archive
    prune "$keep"
    log "done (retention $keep)"
}

main "$@"
