#!/usr/bin/env bash
# Mirror the latest release tarballs of our internal tools into ./mirror.
#
# The artifacts host certificate is issued by the company CA; point
# ca_bundle in the config at the CA file kept in the repository.
#
# Usage: release_mirror_update.sh [-c config] [-n]   (-n = dry run)
set -euo pipefail

CONFIG_FILE="mirror.conf"
DRY_RUN=0
ARTIFACTS_URL="https://artifacts.internal.example/releases"
CA_BUNDLE=""
MIRROR_DIR="mirror"
STAGING_DIR=".mirror-staging"
CURL_OPTS=(--proto '=https' --tlsv1.2 --silent --show-error --fail --location --max-time 300)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:n" opt; do
  case "$opt" in
    c) CONFIG_FILE="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) die "usage: $0 [-c config] [-n]" ;;
  esac
done

if [[ -f "$CONFIG_FILE" ]]; then
  ARTIFACTS_URL="$(sed -n 's/^artifacts_url=//p' "$CONFIG_FILE" | head -n1)"
  ARTIFACTS_URL="${ARTIFACTS_URL:-https://artifacts.internal.example/releases}"
  CA_BUNDLE="$(sed -n 's/^ca_bundle=//p' "$CONFIG_FILE" | head -n1)"
fi
if [[ -n "$CA_BUNDLE" ]]; then
  [[ -f "$CA_BUNDLE" ]] || die "CA bundle $CA_BUNDLE not found"
  CURL_OPTS+=(--cacert "$CA_BUNDLE")
fi

command -v jq >/dev/null 2>&1 || die "jq is required"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum is required"

mkdir -p "$STAGING_DIR" "$MIRROR_DIR"

fetch() {
  local url="$1" dest="$2"
  curl "${CURL_OPTS[@]}" -o "$dest" "$url"
}

log "fetching release index from $ARTIFACTS_URL"
fetch "$ARTIFACTS_URL/index.json" "$STAGING_DIR/index.json" || die "index download failed"

count=0
failed=0
while IFS=$'\t' read -r name version file sum; do
  [[ -n "$name" ]] || continue
  case "$name$file" in */*|*..*) log "skipping suspicious entry $name/$file"; continue ;; esac
  target="$MIRROR_DIR/$name/$file"
  if [[ -f "$target" ]]; then
    log "$name $version already mirrored"
    continue
  fi
  if (( DRY_RUN )); then
    log "would fetch $name $version ($file)"
    continue
  fi
  staged="$STAGING_DIR/$file"
  if ! fetch "$ARTIFACTS_URL/$name/$version/$file" "$staged"; then
    log "download of $file failed"
    failed=$((failed + 1))
    continue
  fi
  actual="$(sha256sum "$staged" | awk '{print $1}')"
  if [[ "$actual" != "$sum" ]]; then
    log "checksum mismatch for $file (got $actual)"
    rm -f "$staged"
    failed=$((failed + 1))
    continue
  fi
  mkdir -p "$MIRROR_DIR/$name"
  mv "$staged" "$target"
  printf '%s  %s\n' "$sum" "$file" >> "$MIRROR_DIR/$name/SHA256SUMS"
  count=$((count + 1))
  log "mirrored $name $version"
done < <(jq -r '.releases[] | [.name, .version, .file, .sha256] | @tsv' "$STAGING_DIR/index.json")

rm -f "$STAGING_DIR/index.json"
log "done: $count new, $failed failed"
(( failed == 0 ))
