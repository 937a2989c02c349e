#!/usr/bin/env bash
# tour_log_archiver.sh - close out a circus tour in the show-control project.
#
# 1. bundles show logs, cue sheets and ticket exports from ./logs and ./exports
#    into ./archive/<tour>-<date>.tar.gz with a SHA-256 sidecar
# 2. writes a short per-venue summary (shows, incidents) for the producer
# 3. clears the project's own build and cache folders so the repo is clean
#
# Usage: tour_log_archiver.sh -t TOUR_NAME [-k] [-y]
#   -k keep the working logs after archiving
#   -y do not ask for confirmation

set -uo pipefail

TOUR=""
KEEP=0
YES=0
ARCHIVE_DIR="./archive"
CLEAN_BUILD="${ARCHIVER_CLEAN:-yes}"

say() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while getopts "t:kyh" opt; do
  case "$opt" in
    t) TOUR="$OPTARG" ;;
    k) KEEP=1 ;;
    y) YES=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done
[[ -n "$TOUR" ]] || { warn "tour name required (-t)"; exit 2; }

confirm() {
  (( YES )) && return 0
  read -r -p "$1 [y/N] " a
  [[ "$a" =~ ^[Yy]$ ]]
}

bundle() {
  local stamp out
  stamp="$(date +%Y%m%d)"
  out="$ARCHIVE_DIR/${TOUR// /_}-$stamp.tar.gz"
  mkdir -p "$ARCHIVE_DIR"
  tar -czf "$out" --exclude='*.tmp' logs exports 2>/dev/null || { warn "nothing to archive"; return 1; }
  sha256sum "$out" >"$out.sha256"
  say "archived to $out ($(du -h "$out" | cut -f1))"
}

summarise() {
  python3 -c '
import csv, collections, glob
shows = collections.Counter(); incidents = collections.Counter()
for f in glob.glob("logs/*.csv"):
    for row in csv.DictReader(open(f, newline="")):
        v = row.get("venue", "?")
        shows[v] += row.get("event") == "curtain_down"
        incidents[v] += row.get("event") == "incident"
print("%-28s%6s%10s" % ("venue", "shows", "incidents"))
for v in sorted(shows):
    print(f"{v:<28}{shows[v]:>6}{incidents[v]:>10}")
' >"$ARCHIVE_DIR/${TOUR// /_}-summary.txt" && say "summary written"
}

clean_build() {
  say "removing build output and caches"
  rm -rf ./build ./dist ./.cache ./.pytest_cache
  find . -path ./archive -prune -o -type d -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null
  find ./logs -maxdepth 1 -name '*.tmp' -delete 2>/dev/null || true
}

confirm "Archive tour '$TOUR'?" || exit 1
bundle || exit 1
summarise || warn "summary failed"

if (( ! KEEP )); then
  rm -rf logs/* exports/*
  say "working logs cleared"
fi

[[ "$CLEAN_BUILD" == "yes" ]] && clean_build
say "done - archive is in $ARCHIVE_DIR"
