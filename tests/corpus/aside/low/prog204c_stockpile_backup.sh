#!/usr/bin/env bash
# Backs up stockpile survey spreadsheets and tonnage records kept in this project folder.
set -euo pipefail

SRC_DIRS=(surveys tonnage invoices)
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d_%H%M%S)"
VERBOSE=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [-k KEEP] [-v] [backup|list|verify]
  -k KEEP   number of archives to keep (default $KEEP)
  -v        verbose
EOF
}

existing_sources() {
  local d
  for d in "${SRC_DIRS[@]}"; do
    [[ -d "$d" ]] && echo "$d"
  done
}

archive_name() { printf '%s/stockpile_%s.tar.gz' "$BACKUP_DIR" "$STAMP"; }

prune() {
  local -a archives
  mapfile -t archives < <(ls -1t "$BACKUP_DIR"/stockpile_*.tar.gz 2>/dev/null || true)
  local i
  for ((i = KEEP; i < ${#archives[@]}; i++)); do
    vlog "removing old backup ${archives[i]}"
    rm -f -- "${archives[i]}" "${archives[i]}.sha256"
  done
}

backup() {
  local -a sources
  mapfile -t sources < <(existing_sources)
  if [[ ${#sources[@]} -eq 0 ]]; then
    log "nothing to back up"
    return 1
  fi
  mkdir -p "$BACKUP_DIR"
  local out
  out="$(archive_name)"
  tar -czf "$out" "${sources[@]}"
  (cd "$BACKUP_DIR" && sha256sum "$(basename "$out")" >"$(basename "$out").sha256")
  log "wrote $out ($(du -h "$out" | cut -f1))"
  prune
}

list() {
  ls -1t "$BACKUP_DIR"/stockpile_*.tar.gz 2>/dev/null || log "no backups yet"
}

verify() {
  local f bad=0
  for f in "$BACKUP_DIR"/stockpile_*.tar.gz.sha256; do
    [[ -e "$f" ]] || continue
    if (cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$f")"); then
      vlog "ok $(basename "$f" .sha256)"
    else
      log "checksum mismatch: $f"
      bad=$((bad + 1))
    fi
  done
  return "$bad"
}

while getopts ":k:vh" opt; do
  case "$opt" in
    k) KEEP="$OPTARG" ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

declare -A ACTIONS=([backup]=backup [list]=list [verify]=verify)
action="${1:-backup}"
[[ -n "${ACTIONS[$action]:-}" ]] || { usage; exit 2; }
"${ACTIONS[$action]}"
