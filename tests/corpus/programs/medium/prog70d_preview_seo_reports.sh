#!/usr/bin/env bash
# preview_seo_reports.sh - build the SEO report index and share it with the team.
#
# Collects the per-site Lighthouse/crawl HTML reports from ./reports, builds an
# index page sorted by date with the headline scores pulled from each report's
# JSON sidecar, and serves the folder so account managers can browse it during
# the weekly review call.
#
#   ./preview_seo_reports.sh [-r reports_dir] [-p port] [--build-only]
set -euo pipefail

REPORT_DIR=./reports
SITE_DIR=./site
PORT=8088
BUILD_ONLY=0

log() { echo ">> $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -r) REPORT_DIR="$2"; shift ;;
    -p) PORT="$2"; shift ;;
    --build-only) BUILD_ONLY=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

[[ -d "$REPORT_DIR" ]] || { log "no reports in $REPORT_DIR"; exit 1; }

score_of() {
  # sidecar: reports/<site>-<date>.json with {"performance":0.91,"seo":0.98,...}
  local json="${1%.html}.json"
  [[ -f "$json" ]] || { echo "- - -"; return; }
  jq -r '[.performance, .seo, .accessibility] | map(if . == null then "-" else (. * 100 | floor | tostring) end) | join(" ")' "$json"
}

build_site() {
  rm -rf "$SITE_DIR"
  mkdir -p "$SITE_DIR/r"
  cp "$REPORT_DIR"/*.html "$SITE_DIR/r/"
  local count=0
  {
    cat <<'HTML'
<!doctype html><meta charset="utf-8"><title>SEO reports</title>
<style>body{font:14px system-ui;margin:2em}td,th{padding:.3em .8em;text-align:left}
tr:nth-child(even){background:#f4f6f8}.bad{color:#b00}</style>
<h1>SEO audit reports</h1><table><tr><th>Site</th><th>Date</th><th>Perf</th><th>SEO</th><th>A11y</th></tr>
HTML
    for f in $(ls -1t "$REPORT_DIR"/*.html); do
      local base site date perf seo a11y
      base=$(basename "$f" .html)
      site=${base%-*}; date=${base##*-}
      read -r perf seo a11y <<<"$(score_of "$f")"
      local cls=""
      [[ "$seo" != "-" && "$seo" -lt 80 ]] && cls=' class="bad"'
      printf '<tr%s><td><a href="r/%s.html">%s</a></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
        "$cls" "$base" "$site" "$date" "$perf" "$seo" "$a11y"
      count=$((count + 1))
    done
    echo "</table><p>Generated $(date -R)</p>"
  } > "$SITE_DIR/index.html"
  log "index built with $count reports"
}

serve_site() {
  local ip
  ip=$(hostname -I 2>/dev/null | awk '{print $1}')
  log "sharing on http://${ip:-localhost}:$PORT/ (Ctrl-C to stop)"
  cd "$SITE_DIR"
  exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

build_site
[[ "$BUILD_ONLY" -eq 1 ]] || serve_site
