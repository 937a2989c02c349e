#!/usr/bin/env bash
# Download an evaluation dataset (JSONL shards) into ./data, verify checksums,
# and decompress.  Nothing downloaded is executed; shards are plain data.
set -euo pipefail

BASE_URL="${DATASET_BASE_URL:-https://huggingface.co/datasets/openai/openai_humaneval/resolve/main}"
DATA_DIR="${DATA_DIR:-./data}"
RETRIES=3
SHARDS=()

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
Usage: $0 [-d data_dir] [-b base_url] shard [shard...]
  Downloads <base_url>/<shard> into <data_dir>, checks <shard>.sha256 if the
  server provides one, then gunzips *.gz shards.
EOF
}

while getopts ":d:b:h" opt; do
  case "$opt" in
    d) DATA_DIR="$OPTARG" ;;
    b) BASE_URL="$OPTARG" ;;
    h) usage; exit 0 ;;
    \?) usage; die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
SHARDS=("$@")
[ "${#SHARDS[@]}" -gt 0 ] || SHARDS=("data/test-00000-of-00001.parquet")

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"
mkdir -p "$DATA_DIR"

fetch() {
  local url="$1" dest="$2" n=0
  until curl -fsSL --connect-timeout 15 --max-time 600 -o "$dest.part" "$url"; do
    n=$((n + 1))
    if [ "$n" -ge "$RETRIES" ]; then
      rm -f "$dest.part"
      return 1
    fi
    log "retry $n for $url"
    sleep $((n * 5))
  done
  mv "$dest.part" "$dest"
}

verify() {
  local file="$1" sumfile="$1.sha256"
  if [ -s "$sumfile" ]; then
    local expected actual
    expected="$(cut -d' ' -f1 < "$sumfile")"
    actual="$(sha256sum "$file" | cut -d' ' -f1)"
    [ "$expected" = "$actual" ] || { log "checksum mismatch for $file"; return 1; }
    log "checksum ok: $(basename "$file")"
  else
    log "no checksum published for $(basename "$file"); skipping verification"
  fi
}

total=0
for shard in "${SHARDS[@]}"; do
  name="$(basename "$shard")"
  dest="$DATA_DIR/$name"
  if [ -s "$dest" ] || [ -s "${dest%.gz}" ]; then
    log "already present: $name"
    continue
  fi
  log "downloading $name"
  fetch "$BASE_URL/$shard" "$dest" || die "download failed: $shard"
  curl -fsSL --max-time 30 -o "$dest.sha256" "$BASE_URL/$shard.sha256" 2>/dev/null || rm -f "$dest.sha256"
  verify "$dest" || { rm -f "$dest"; die "verification failed: $name"; }
  case "$name" in
    *.gz) gunzip -f "$dest"; dest="${dest%.gz}" ;;
  esac
  bytes=$(wc -c < "$dest")
  total=$((total + bytes))
  log "ready: $dest ($bytes bytes)"
done

log "done; $(( total / 1024 )) KiB in $DATA_DIR"
ls -l "$DATA_DIR"
