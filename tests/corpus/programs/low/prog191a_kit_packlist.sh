#!/usr/bin/env bash
# Build a pack list for a hire job from the kit CSV in the job folder.
# Groups lines by truck bay, totals weight and case count, and checks the
# warehouse status page so the crew knows if the loading dock is free.
set -euo pipefail

JOB="${1:?usage: ${0##*/} JOB_REF [kit.csv]}"
KIT_CSV="${2:-kit.csv}"
BUILD_DIR="./build"
OUT="$BUILD_DIR/packlist_${JOB}.txt"
STATUS_URL="${WAREHOUSE_STATUS_URL:-https://warehouse.example.com/status/dock}"

declare -a SECTIONS=(lighting rigging power data consumables)
declare -A BAY=( [lighting]=A [rigging]=B [power]=C [data]=C [consumables]=D )

note() { printf '%s\n' "$*" >&2; }

clean_build() {
  # only our own generated files in the job's build folder
  if [[ -d "$BUILD_DIR" ]]; then
    find "$BUILD_DIR" -maxdepth 1 -type f \( -name 'packlist_*.txt' -o -name '*.tmp' \) -delete
  fi
  mkdir -p "$BUILD_DIR"
}

section_lines() {
  local section="$1"
  awk -F, -v s="$section" 'NR > 1 && $1 == s { printf "  %-4s x %-36s %6.1f kg\n", $3, $2, $3 * $4 }' "$KIT_CSV"
}

section_total() {
  awk -F, -v s="$1" 'NR > 1 && $1 == s { q += $3; w += $3 * $4 } END { printf "%d %.1f", q, w }' "$KIT_CSV"
}

dock_status() {
  local body
  if body=$(curl -fsS --max-time 8 "$STATUS_URL" 2>/dev/null); then
    printf '%s' "$body" | head -c 200
  else
    printf 'unknown (status page unreachable)'
  fi
}

render() {
  local s qty kg grand_q=0 grand_kg=0
  printf 'PACK LIST  job %s  generated %s\n\n' "$JOB" "$(date '+%a %d %b %Y %H:%M')"
  for s in "${SECTIONS[@]}"; do
    read -r qty kg < <(section_total "$s")
    (( qty == 0 )) && continue
    printf '[%s] bay %s  (%d items, %s kg)\n' "${s^^}" "${BAY[$s]}" "$qty" "$kg"
    section_lines "$s"
    printf '\n'
    grand_q=$(( grand_q + qty ))
    grand_kg=$(awk -v a="$grand_kg" -v b="$kg" 'BEGIN { printf "%.1f", a + b }')
  done
  cat <<EOF
TOTAL: $grand_q items, $grand_kg kg
Dock:  $(dock_status)
Checked by: ____________   Loaded by: ____________
EOF
}

[[ -r "$KIT_CSV" ]] || { note "cannot read $KIT_CSV"; exit 1; }
clean_build
render >"$OUT"
note "pack list written to $OUT"
