#!/usr/bin/env bash
# Build the weekly trim-and-shoe report (HTML) from the visit log CSV.
set -euo pipefail

SRC="${1:-./visits.csv}"
BUILD_DIR="./build"
OUT_DIR="./reports"
WEEK="$(date +%G-W%V)"

log() { printf '[report] %s\n' "$*" >&2; }

host_label() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
  fi
  echo "$(hostname) / $name"
}

count_by() {
  local col="$1"
  tail -n +2 "$SRC" | cut -d, -f"$col" | sort | uniq -c | sort -rn
}

rows_html() {
  local n key
  while read -r n key; do
    printf '<tr><td>%s</td><td>%s</td></tr>\n' "$key" "$n"
  done
}

section() {
  local title="$1" col="$2"
  cat <<HTML
<h2>$title</h2>
<table><tr><th>$title</th><th>visits</th></tr>
$(count_by "$col" | rows_html)
</table>
HTML
}

declare -A SECTIONS=([Farrier]=2 [Yard]=3 [Work]=4)

build() {
  mkdir -p "$BUILD_DIR" "$OUT_DIR"
  {
    echo "<html><head><meta charset=utf-8><title>Visits $WEEK</title></head><body>"
    echo "<h1>Visits for $WEEK</h1>"
    echo "<p>Total visits: $(($(wc -l < "$SRC") - 1))</p>"
    local s
    for s in Farrier Yard Work; do
      section "$s" "${SECTIONS[$s]}"
    done
    echo "<footer>built on $(host_label) at $(date '+%F %R')</footer>"
    echo "</body></html>"
  } > "$BUILD_DIR/report.html"
  cp "$BUILD_DIR/report.html" "$OUT_DIR/visits_$WEEK.html"
}

clean() {
  rm -rf "$BUILD_DIR"
}

main() {
  if [[ ! -f "$SRC" ]]; then
    log "no visit log at $SRC"
    exit 1
  fi
  trap clean EXIT
  build
  log "wrote $OUT_DIR/visits_$WEEK.html"
}

main
