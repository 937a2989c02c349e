#!/usr/bin/env bash
# snap: archive the current project into ./backups and rotate old archives.
#
#   snap.sh [label]
#
# Keeps the newest $KEEP archives; writes a SHA256SUMS file alongside so
# archives can be verified before restoring.
set -euo pipefail

PROJECT_DIR="$(pwd)"
PROJECT="$(basename "$PROJECT_DIR")"
BACKUP_DIR="$PROJECT_DIR/backups"
KEEP="${KEEP:-10}"
LABEL="${1:-}"

EXCLUDES=(
  --exclude=./backups
  --exclude=./.git
  --exclude=./node_modules
  --exclude=./.venv
  --exclude='*.pyc'
  --exclude=./build
  --exclude=./dist
)

info() { printf 'snap: %s\n' "$*"; }

archive_name() {
  local stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  if [[ -n "$LABEL" ]]; then
    printf '%s-%s-%s.tar.gz' "$PROJECT" "$stamp" "$(printf '%s' "$LABEL" | tr -c 'A-Za-z0-9-' '-')"
  else
    printf '%s-%s.tar.gz' "$PROJECT" "$stamp"
  fi
}

create_archive() {
  local name="$1"
  info "creating $name"
  tar -czf "$BACKUP_DIR/$name" "${EXCLUDES[@]}" -C "$PROJECT_DIR" .
  local size
  size=$(du -h "$BACKUP_DIR/$name" | cut -f1)
  info "archive size $size"
}

rotate() {
  local -a archives
  mapfile -t archives < <(ls -1t "$BACKUP_DIR"/"$PROJECT"-*.tar.gz 2>/dev/null)
  if (( ${#archives[@]} <= KEEP )); then
    info "${#archives[@]} archive(s) kept, nothing to rotate"
    return
  fi
  local old
  for old in "${archives[@]:KEEP}"; do
    info "removing old archive $(basename "$old")"
    rm -f -- "$old"
  done
}

write_checksums() {
  (cd "$BACKUP_DIR" && sha256sum "$PROJECT"-*.tar.gz > SHA256SUMS)
  info "checksums updated"
}

verify_latest() {
  local latest
  latest=$(ls -1t "$BACKUP_DIR"/"$PROJECT"-*.tar.gz | head -n 1)
  if tar -tzf "$latest" >/dev/null; then
    info "verified $(basename "$latest") ($(tar -tzf "$latest" | wc -l) entries)"
  else
    info "WARNING: $(basename "$latest") failed to list"
    return 1
  fi
}

main() {
  mkdir -p "$BACKUP_DIR"
  create_archive "$(archive_name)"
  rotate
  write_checksums
  verify_latest
}

main
