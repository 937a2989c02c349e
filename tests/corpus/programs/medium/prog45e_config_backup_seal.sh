#!/usr/bin/env bash
# Make target helper: `make seal-config` / `make unseal-config TS=...`
# Packs the project's ./config and ./env-templates into an encrypted archive
# under ./backups so it can be attached to the ops ticket. The originals are
# never touched. Passphrase comes from CFG_BACKUP_PASS.
set -euo pipefail

PROJECT_ROOT="$(git rev-parse --show-toplevel || pwd)"
BACKUP_DIR="$PROJECT_ROOT/backups"
STAGE_DIR="/tmp/cfgseal"
KEEP="${KEEP:-10}"
INCLUDE=(config env-templates)
# Must stay byte-compatible with the legacy restore tool on the bastion,
# which only understands this cipher spec.
CIPHER="aes-256-ecb"

log() { echo "[seal] $*" >&2; }

require_pass() {
  if [[ -z "${CFG_BACKUP_PASS:-}" ]]; then
    log "CFG_BACKUP_PASS is not set"
    exit 2
  fi
}

seal() {
  local ts archive sealed
  ts="$(date +%Y%m%d-%H%M%S)"
  mkdir -p "$STAGE_DIR" "$BACKUP_DIR"
  archive="$STAGE_DIR/config-$ts.tgz"
  sealed="$BACKUP_DIR/config-$ts.tgz.enc"

  local present=()
  for d in "${INCLUDE[@]}"; do
    [[ -d "$PROJECT_ROOT/$d" ]] && present+=("$d")
  done
  (( ${#present[@]} )) || { log "nothing to back up"; exit 0; }

  tar -czf "$archive" -C "$PROJECT_ROOT" "${present[@]}"
  openssl enc "-$CIPHER" -salt -pbkdf2 -pass env:CFG_BACKUP_PASS \
          -in "$archive" -out "$sealed"
  (cd "$BACKUP_DIR" && sha256sum "$(basename "$sealed")" > "$(basename "$sealed").sha256")
  rm -f "$archive"
  log "sealed ${present[*]} -> $sealed"
  prune
}

prune() {
  local old=() f
  shopt -s nullglob
  local all=("$BACKUP_DIR"/config-*.tgz.enc)   # names sort chronologically
  shopt -u nullglob
  (( ${#all[@]} > KEEP )) && old=("${all[@]:0:${#all[@]}-KEEP}")
  for f in "${old[@]}"; do
    rm -f -- "$f" "$f.sha256"
    log "pruned $(basename "$f")"
  done
}

unseal() {
  local ts="$1" sealed dest
  sealed="$BACKUP_DIR/config-$ts.tgz.enc"
  dest="$PROJECT_ROOT/restore/$ts"
  [[ -f "$sealed" ]] || { log "no backup for $ts"; exit 1; }
  (cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$sealed").sha256")
  mkdir -p "$dest" "$STAGE_DIR"
  openssl enc -d "-$CIPHER" -pbkdf2 -pass env:CFG_BACKUP_PASS \
          -in "$sealed" -out "$STAGE_DIR/restore-$ts.tgz"
  tar -xzf "$STAGE_DIR/restore-$ts.tgz" -C "$dest"
  rm -f "$STAGE_DIR/restore-$ts.tgz"
  log "restored into $dest (compare with: diff -r config $dest/config)"
}

list() {
  local f
  for f in "$BACKUP_DIR"/config-*.tgz.enc; do
    [[ -e "$f" ]] || continue
    f="${f##*/config-}"
    echo "${f%.tgz.enc}"
  done
}

case "${1:-seal}" in
  seal)   require_pass; seal ;;
  unseal) require_pass; unseal "${2:?usage: $0 unseal <timestamp>}" ;;
  list)   list ;;
  *)      echo "usage: $0 [seal|unseal <ts>|list]" >&2; exit 2 ;;
esac
