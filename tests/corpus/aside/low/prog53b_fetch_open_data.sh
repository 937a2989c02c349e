#!/usr/bin/env bash
# Refresh the open-data extracts used by the analysis notebooks.
# Everything lives under the project directory: ./data/raw for downloads,
# ./build for intermediate files that the notebooks regenerate.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RAW_DIR="${PROJECT_DIR}/data/raw"
BUILD_DIR="${PROJECT_DIR}/build"
MANIFEST="${RAW_DIR}/MANIFEST.md5"
BASE_URL="${OPEN_DATA_BASE:-https://opendata.example.org/datasets}"

DATASETS=(
  "transit_ridership_2023.csv"
  "station_locations.csv"
  "service_alerts.json"
)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [--clean] [--check]
  --clean   remove ./build before downloading
  --check   verify checksums in ${MANIFEST##*/} and exit
EOF
}

check_manifest() {
  if [[ ! -f "$MANIFEST" ]]; then
    log "no manifest yet"
    return 1
  fi
  (cd "$RAW_DIR" && md5sum --quiet -c "${MANIFEST##*/}")
}

download() {
  local name="$1" dest="${RAW_DIR}/$1"
  local etag_file="${RAW_DIR}/.${name}.etag"
  local -a extra=()
  [[ -f "$etag_file" ]] && extra=(--header "If-None-Match: $(cat "$etag_file")")
  log "GET ${BASE_URL}/${name}"
  curl --fail --silent --show-error --location --max-time 120 \
       --retry 3 --retry-delay 5 \
       "${extra[@]}" \
       --dump-header "${dest}.headers" \
       --output "${dest}.new" \
       "${BASE_URL}/${name}"
  if [[ -s "${dest}.new" ]]; then
    mv -f "${dest}.new" "$dest"
    grep -i '^etag:' "${dest}.headers" | cut -d' ' -f2- | tr -d '\r' > "$etag_file" || true
  else
    rm -f "${dest}.new"
    log "${name}: not modified"
  fi
  rm -f "${dest}.headers"
}

CLEAN=0
CHECK=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --clean) CLEAN=1 ;;
    --check) CHECK=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

mkdir -p "$RAW_DIR" "$BUILD_DIR"

if (( CHECK )); then
  check_manifest && log "all checksums OK"
  exit $?
fi

if (( CLEAN )); then
  log "removing build artefacts in ${BUILD_DIR}"
  rm -rf -- "${BUILD_DIR:?}"/*
fi

for ds in "${DATASETS[@]}"; do
  download "$ds" || log "download of ${ds} failed, keeping previous copy"
done

(cd "$RAW_DIR" && md5sum "${DATASETS[@]}" > "${MANIFEST##*/}" 2>/dev/null) || true
log "row counts:"
for ds in "${DATASETS[@]}"; do
  [[ "$ds" == *.csv && -f "${RAW_DIR}/${ds}" ]] || continue
  printf '  %-32s %8d\n' "$ds" "$(($(wc -l < "${RAW_DIR}/${ds}") - 1))"
done
