#!/usr/bin/env bash
# report_bundle_build.sh
# Builds the weekly signalling-fault report bundle from the CSV exports in
# ./exports: cleans the previous build output, renders a summary, records
# the build platform, and packs everything into a checksummed tarball.
set -euo pipefail

EXPORTS="${EXPORTS:-./exports}"
BUILD_DIR="${BUILD_DIR:-./build}"
DIST_DIR="${DIST_DIR:-./dist}"
WEEK="$(date +%G-W%V)"
DOCS_URL="https://docs.example.org/signalling/fault-report-format"
CHECK_DOCS=0
CLEAN_ONLY=0

usage() {
  echo "usage: $0 [--clean] [--check-docs] [--week YYYY-Www]"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --clean) CLEAN_ONLY=1; shift ;;
    --check-docs) CHECK_DOCS=1; shift ;;
    --week) WEEK="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

log() { echo "[build] $*" >&2; }

clean() {
  rm -rf -- "${BUILD_DIR:?}"
  find "${DIST_DIR}" -maxdepth 1 -type f -name 'fault_report_*.tar.gz*' -mtime +28 -delete 2>/dev/null || true
  log "previous build output removed"
}

platform_string() {
  local name="unknown" version=""
  if [[ -r /etc/os-release ]]; then
    name="$(sed -n 's/^NAME=//p' /etc/os-release | tr -d '"')"
    version="$(sed -n 's/^VERSION_ID=//p' /etc/os-release | tr -d '"')"
  fi
  printf '%s %s (%s)' "$name" "$version" "$(uname -m)"
}

check_docs() {
  local code
  code="$(curl -sS -o /dev/null -I -w '%{http_code}' --max-time 10 "$DOCS_URL" || echo 000)"
  log "format docs at $DOCS_URL answered HTTP $code"
}

summarise() {
  local out="$1"
  {
    echo "Signalling fault report, week $WEEK"
    echo "Built on: $(platform_string)"
    echo
    echo "Faults by asset type:"
    awk -F, 'FNR>1 { n[$3]++ } END { for (k in n) printf "  %-20s %d\n", k, n[k] }' \
      "$EXPORTS"/*.csv | sort
    echo
    echo "Top 10 locations:"
    awk -F, 'FNR>1 { n[$2]++ } END { for (k in n) print n[k], k }' "$EXPORTS"/*.csv \
      | sort -rn | head -n 10 | sed 's/^/  /'
  } >"$out"
}

bundle() {
  mkdir -p "$DIST_DIR"
  local tarball="$DIST_DIR/fault_report_${WEEK}.tar.gz"
  tar -czf "$tarball" -C "$BUILD_DIR" .
  (cd "$DIST_DIR" && sha256sum "$(basename "$tarball")" >"$(basename "$tarball").sha256")
  chmod 0600 "$tarball" "$tarball.sha256"
  log "bundle written: $tarball"
}

main() {
  clean
  [[ $CLEAN_ONLY -eq 1 ]] && exit 0
  if ! compgen -G "$EXPORTS/*.csv" >/dev/null; then
    log "no CSV exports found in $EXPORTS"
    exit 1
  fi
  [[ $CHECK_DOCS -eq 1 ]] && check_docs
  mkdir -p "$BUILD_DIR"
  cp -- "$EXPORTS"/*.csv "$BUILD_DIR"/
  summarise "$BUILD_DIR/SUMMARY.txt"
  bundle
}

main
