#!/usr/bin/env bash
# Builds the weekly job-sheet pack for the cutting benches: one sheet per
# commission with letter counts and an estimate of cutting hours.
set -euo pipefail

JOBS_DIR="${JOBS_DIR:-./jobs}"
BUILD_DIR="./build"
OUT_DIR="./packs"
RATE_PER_LETTER="${RATE_PER_LETTER:-4.50}"
MINUTES_PER_LETTER="${MINUTES_PER_LETTER:-12}"
CLEAN=0

log() { printf '[pack] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: ${0##*/} [-c] [-j jobs_dir]
  -c  remove the build folder afterwards
  -j  folder with one .txt inscription per commission (default $JOBS_DIR)
EOF
}

count_letters() {
  tr -cd '[:alpha:]' < "$1" | wc -c | tr -d ' '
}

render_sheet() {
  local job="$1" name letters hours price
  name="$(basename "$job" .txt)"
  letters="$(count_letters "$job")"
  hours="$(awk -v n="$letters" -v m="$MINUTES_PER_LETTER" 'BEGIN{printf "%.1f", n*m/60}')"
  price="$(awk -v n="$letters" -v r="$RATE_PER_LETTER" 'BEGIN{printf "%.2f", n*r}')"
  cat > "$BUILD_DIR/$name.sheet" <<SHEET
JOB SHEET: $name
----------------------------------------
$(cat "$job")
----------------------------------------
Letters:         $letters
Cutting hours:   $hours
Lettering price: GBP $price
SHEET
  printf '%s\t%s\t%s\t%s\n' "$name" "$letters" "$hours" "$price"
}

main() {
  while getopts ":cj:h" o; do
    case "$o" in
      c) CLEAN=1 ;;
      j) JOBS_DIR="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  [[ -d "$JOBS_DIR" ]] || { log "no jobs folder at $JOBS_DIR"; exit 1; }
  mkdir -p "$BUILD_DIR" "$OUT_DIR"

  local jobs=() summary total=0
  mapfile -t jobs < <(find "$JOBS_DIR" -maxdepth 1 -name '*.txt' | sort)
  (( ${#jobs[@]} )) || { log "no inscriptions found"; exit 0; }

  summary="$BUILD_DIR/summary.tsv"
  printf 'job\tletters\thours\tprice\n' > "$summary"
  for j in "${jobs[@]}"; do
    render_sheet "$j" >> "$summary"
    log "sheet ready for $(basename "$j" .txt)"
  done
  total="$(awk -F'\t' 'NR>1{s+=$3} END{printf "%.1f", s}' "$summary")"

  local pack="$OUT_DIR/jobsheets-$(date +%G-W%V).txt"
  cat "$BUILD_DIR"/*.sheet "$summary" > "$pack"
  log "${#jobs[@]} sheets, $total cutting hours -> $pack"

  if (( CLEAN )); then
    rm -rf "$BUILD_DIR"
    log "build folder removed"
  fi
}

main "$@"
